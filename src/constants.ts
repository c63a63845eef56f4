/** Defaults of DESIGN.md section 4 that the legal texts quote; an exam's own lead time wins where it is known. */
export const DEFAULT_ARRIVAL_LEAD_MINUTES = 30;
export const CHANGE_LOCK_HOURS = 72;
