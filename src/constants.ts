/** Defaults of DESIGN.md section 4 that the legal texts quote; an exam's own lead time wins where it is known. */
export const DEFAULT_ARRIVAL_LEAD_MINUTES = 30;
export const CHANGE_LOCK_HOURS = 72;

/** Exam times are shown in the exam's zone; this is the zone when none is known (DESIGN.md section 2). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
