/** The subscriptions' query key: adding, refreshing or removing one changes the list (and the week's events). */
export const subscriptionKeys = {
  list: ['calendar-subscriptions'] as const,
};
