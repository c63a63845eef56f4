/** Booking, orders, tickets, results and the sandbox wallet (src/services/booking.ts). */
export const quote = { method: 'POST', path: '/api/front/checkout/quote' } as const;
export const register = { method: 'POST', path: '/api/front/student-registration' } as const;
export const order = { method: 'GET', path: '/api/front/orders/:id' } as const;
export const registrations = { method: 'GET', path: '/api/front/registrations' } as const;
export const registration = { method: 'GET', path: '/api/front/registrations/:id' } as const;
export const ticket = { method: 'GET', path: '/api/front/registrations/:id/ticket' } as const;
/** The ticket as an A4 PDF and as a calendar event (.ics): files, fetched with the bearer token. */
export const ticketPdf = { method: 'GET', path: '/api/front/registrations/:id/ticket.pdf' } as const;
export const ticketCalendar = { method: 'GET', path: '/api/front/registrations/:id/ticket.ics' } as const;
export const changeOptions = { method: 'GET', path: '/api/front/registrations/:id/change-options' } as const;
export const changeRegistration = { method: 'POST', path: '/api/front/registrations/:id/change' } as const;
export const cancelRegistration = { method: 'POST', path: '/api/front/registrations/:id/cancel' } as const;
/** A paid order's receipt (the page's data and the PDF) and its fapiao request (src/services/receipts.ts). */
export const receipt = { method: 'GET', path: '/api/front/orders/:id/receipt' } as const;
export const receiptPdf = { method: 'GET', path: '/api/front/orders/:id/receipt.pdf' } as const;
export const requestFapiao = { method: 'POST', path: '/api/front/orders/:id/fapiao' } as const;
export const transactions = { method: 'GET', path: '/api/front/transactions' } as const;
export const results = { method: 'GET', path: '/api/front/results' } as const;
export const walletOrder = { method: 'GET', path: '/api/pay/sandbox/orders/:orderId' } as const;
export const walletConfirm = { method: 'POST', path: '/api/pay/sandbox/orders/:orderId/confirm' } as const;
