/** Group registration (src/services/group.ts). */
export const createGroup = { method: 'POST', path: '/api/front/groups' } as const;
export const group = { method: 'GET', path: '/api/front/groups/:id' } as const;
export const uploadGroupFile = { method: 'POST', path: '/api/front/groups/:id/upload' } as const;
export const groupQuote = { method: 'POST', path: '/api/front/groups/:id/quote' } as const;
export const groupCheckout = { method: 'POST', path: '/api/front/groups/:id/checkout' } as const;
export const groupTickets = { method: 'GET', path: '/api/front/groups/:id/tickets' } as const;
/** Every member's ticket in one PDF (a file, fetched with the bearer token). */
export const groupTicketsPdf = { method: 'GET', path: '/api/front/groups/:id/tickets.pdf' } as const;
export const cancelGroupMember = {
  method: 'POST',
  path: '/api/front/groups/:id/members/:registrationId/cancel',
} as const;
/** `?format=xlsx|csv`: the member template, a file download rather than an envelope. */
export const groupTemplate = { method: 'GET', path: '/api/front/group-template' } as const;
