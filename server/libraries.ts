/**
 * The spreadsheet, PDF, image and mail libraries, loaded the first time a file is read or written or a mail sent.
 * Importing them took a third of the second a server process (and each server test file) spent before it could answer,
 * exceljs most of it, and most processes and requests never need them.
 */
export const loadExcel = async () => (await import('exceljs')).default;
export const loadPdfKit = async () => (await import('pdfkit')).default;
export const loadSharp = async () => (await import('sharp')).default;
export const loadMailer = async () => (await import('nodemailer')).default;
