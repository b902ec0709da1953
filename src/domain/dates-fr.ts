/**
 * The French date formats the screens show, with the browser's own `Intl` (date-fns' `format` and
 * its locale weigh about 6 KB gzipped on the chat page, issue 4 `initial_js_kb`). Each reads the
 * member's own time zone, as date-fns did.
 */
const time = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const dayShortMonth = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: 'short' });
const weekdayDayMonth = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long' });

/** '14:05' (date-fns 'HH:mm'). */
export const hourMinute = (date: Date): string => time.format(date);

/** '05 nov. 14:05' (date-fns 'dd MMM HH:mm' in French). */
export const dayMonthTime = (date: Date): string => `${dayShortMonth.format(date)} ${time.format(date)}`;

/** 'jeudi 5 novembre, 14:05' (date-fns 'EEEE d MMMM, HH:mm' in French). */
export const weekdayDayMonthTime = (date: Date): string => `${weekdayDayMonth.format(date)}, ${time.format(date)}`;
