import {
  type CreateQuickActionRequest,
  type QuickAction,
  type QuickActionPayload,
  SELECTION_PLACEHOLDER,
} from '#shared/quick-actions.ts';
import type { TestApp } from '#tests/setup/test-app.ts';

let sequence = 0;

type QuickActionOverrides = Partial<Omit<CreateQuickActionRequest, 'payload'>> & {
  /** Payload fields over the defaults, or a whole payload as JSON text (as older clients send it). */
  payload?: Partial<Record<keyof QuickActionPayload, unknown>> | string;
};

/** A valid create body; any field can be overridden, the payload field by field (or as a JSON string). */
export function buildQuickActionInput(overrides: QuickActionOverrides = {}): CreateQuickActionRequest {
  sequence += 1;
  const { payload, ...fields } = overrides;
  return {
    label: `Action ${sequence}`,
    icon: '⚡',
    category: 'Testing',
    ...fields,
    payload:
      typeof payload === 'string'
        ? payload
        : {
            provider: 'openrouter',
            model: 'openrouter/auto',
            type: 'chat',
            maxChars: 1200,
            promptTemplate: `Rewrite this: ${SELECTION_PLACEHOLDER}`,
            ...payload,
          },
  };
}

/** Creates an action through the API as the member whose cookie is given. */
export async function createQuickActionAs(
  t: TestApp,
  cookie: string,
  overrides: QuickActionOverrides = {},
): Promise<QuickAction> {
  const response = await t.request('/api/quick-actions', {
    method: 'POST',
    cookie,
    body: buildQuickActionInput(overrides),
  });
  if (response.status !== 201)
    throw new Error(`create quick action failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as QuickAction;
}
