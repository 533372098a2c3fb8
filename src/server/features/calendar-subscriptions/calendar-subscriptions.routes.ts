import { apiRoute, createApiRouter, json, jsonBody, type RequireMember } from '#server/lib/http/api-route.ts';
import { memberIdOf } from '#server/lib/http/app-env.ts';
import { idParams } from '#server/lib/http/path-params.ts';
import { successSchema } from '#shared/api.ts';
import {
  CALENDAR_SUBSCRIPTION_LIMITS,
  calendarSubscriptionListSchema,
  calendarSubscriptionSchema,
  createCalendarSubscriptionSchema,
} from '#shared/calendar-subscriptions.ts';
import {
  addSubscription,
  deleteSubscription,
  listSubscriptions,
  refreshSubscriptionNow,
  type SubscriptionDeps,
} from './calendar-subscriptions.service.ts';

const { perMember, maxBytes, refreshEveryMinutes, windowDaysBack, windowDaysAhead, occurrencesMax } =
  CALENDAR_SUBSCRIPTION_LIMITS;
const MB = maxBytes / (1024 * 1024);
/** Said on every write: they manage the account's outside links, as Settings does, so no token reaches them. */
const SESSION_ONLY =
  ' Session only: these routes declare no token scope, so a personal access token is refused (**403** ' +
  '`insufficient_scope`); listing takes `calendar:read`.';

/**
 * Settings → Calendar subscriptions: outside calendars (an `.ics` link) shown in the week calendar, refreshed
 * every half hour by whichever server claims them (decision 0037).
 */
export const calendarSubscriptionRoutes = {
  create: apiRoute({
    method: 'post',
    path: '/api/calendar/subscriptions',
    operationId: 'createCalendarSubscription',
    tags: ['Calendar'],
    summary: 'Subscribe to an outside calendar by its link',
    description:
      "Fetches the calendar at once (an https link, or `webcal:` fetched as https; through the server's safe " +
      `fetch, so private and local addresses are refused; at most ${MB} MB) and keeps it only when it is one: ` +
      '**201** the subscription, its occurrences expanded (recurrences, exceptions and time zones) from ' +
      `${windowDaysBack} days back to ${windowDaysAhead} days ahead, at most ${occurrencesMax}. A link that ` +
      'cannot be reached or answers no calendar **400** (`fields.url` says why), a private address **400**, ' +
      `a larger file **413**; nothing is kept. At most ${perMember} per member, one per address: one more, or ` +
      `the same address again, **409**. Refreshed every ${refreshEveryMinutes} minutes after.${SESSION_ONLY}`,
    request: { body: jsonBody(createCalendarSubscriptionSchema) },
    responses: { 201: json(calendarSubscriptionSchema, 'Subscribed, with its events') },
  }),
  list: apiRoute({
    method: 'get',
    path: '/api/calendar/subscriptions',
    operationId: 'listCalendarSubscriptions',
    scopes: ['calendar:read'],
    tags: ['Calendar'],
    summary: "The member's calendar subscriptions",
    description:
      'In the order they were added, each with when it was last fetched and, when the latest fetch failed, why ' +
      '(`last_error`; its events are then the last good copy). A token needs `calendar:read`.',
    responses: { 200: json(calendarSubscriptionListSchema, 'The subscriptions') },
  }),
  refresh: apiRoute({
    method: 'post',
    path: '/api/calendar/subscriptions/{id}/refresh',
    operationId: 'refreshCalendarSubscription',
    tags: ['Calendar'],
    summary: 'Fetch a subscribed calendar now',
    description:
      'Fetches it now (conditionally: an unchanged calendar keeps its events) and answers it as it then ' +
      'stands; a failure is its `last_error`, its events kept. Being refreshed by another server at this ' +
      `moment, it answers as it stands. Another member's or an unknown id **404**.${SESSION_ONLY}`,
    request: { params: idParams('calendarSubscription') },
    responses: { 200: json(calendarSubscriptionSchema, 'The subscription after the fetch') },
  }),
  remove: apiRoute({
    method: 'delete',
    path: '/api/calendar/subscriptions/{id}',
    operationId: 'deleteCalendarSubscription',
    tags: ['Calendar'],
    summary: 'Unsubscribe from an outside calendar',
    description: `Its events leave the calendar at once. Another member's or an unknown id **404**.${SESSION_ONLY}`,
    request: { params: idParams('calendarSubscription') },
    responses: { 200: json(successSchema, 'Unsubscribed') },
  }),
};

export function createCalendarSubscriptionRoutes(deps: SubscriptionDeps & { requireMember: RequireMember }) {
  return createApiRouter(deps.requireMember)
    .openapi(calendarSubscriptionRoutes.create, async (c) =>
      c.json(await addSubscription(deps, memberIdOf(c), c.req.valid('json')), 201),
    )
    .openapi(calendarSubscriptionRoutes.list, async (c) =>
      c.json(await listSubscriptions(deps.db, memberIdOf(c)), 200),
    )
    .openapi(calendarSubscriptionRoutes.refresh, async (c) =>
      c.json(await refreshSubscriptionNow(deps, memberIdOf(c), c.req.valid('param').id), 200),
    )
    .openapi(calendarSubscriptionRoutes.remove, async (c) => {
      await deleteSubscription(deps.db, memberIdOf(c), c.req.valid('param').id);
      return c.json({ success: true as const }, 200);
    });
}
