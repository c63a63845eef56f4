/**
 * The print sheet of the ticket, receipt and group pages, mounted only with them: each `.print-sheet` on a clean page
 * of its own (a group's tickets print one per page) and nothing else of the app (header, footer, buttons, menus,
 * `.no-print`), black on white, the QR kept.
 */
const PRINT_CSS = `
@media print {
  @page { size: A4 portrait; margin: 15mm; }
  header, footer, nav, button, .ant-message, .ant-notification, .no-print { display: none !important; }
  html, body, .app-frame, .app-main, .ant-card { background: #fff !important; }
  .app-main { padding: 0 !important; margin: 0 !important; max-width: none !important; }
  .print-sheet { border: none !important; box-shadow: none !important; margin: 0 !important; break-inside: avoid; }
  .print-sheet + .print-sheet { break-before: page; }
  .print-sheet, .print-sheet * { color: #000 !important; }
  .print-sheet .ant-tag { border-color: #000 !important; background: #fff !important; }
  .print-sheet svg { break-inside: avoid; }
}
`;

export default function PrintStyle() {
  return <style>{PRINT_CSS}</style>;
}
