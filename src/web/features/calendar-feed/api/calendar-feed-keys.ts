/** The calendar feed's one query: making, replacing or turning off the address answers or clears it. */
export const calendarFeedKeys = {
  address: ['calendar-feed'] as const,
};
