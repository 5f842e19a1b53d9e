/**
 * The server process keeps time in UTC, whatever the machine's zone: opening hours are evaluated
 * in TIME_ZONE by converting to and from it (opening-hours/open-state.ts), which is exact only
 * when the process's own zone has no daylight-saving gaps. Imported first by server.ts.
 */
process.env.TZ = 'UTC';
