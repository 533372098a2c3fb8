import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';
import { type MessageKey, type MessageValues, useT } from './use-t.ts';

const TAG = /<(\d+)>(.*?)<\/\1>/gs;

/**
 * A message with parts a component renders: `"There is no page at <0>{path}</0>."` with `parts={[<code />]}`
 * shows the path in a <code>. Each language places the tags where its grammar puts them; tags do not nest.
 */
export function RichMessage({
  id,
  values,
  parts,
}: {
  id: MessageKey;
  values?: MessageValues;
  parts: ReactElement<{ children?: ReactNode }>[];
}) {
  const t = useT();
  const text = t(id, values);
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, index = '', inner = ''] = match;
    nodes.push(text.slice(last, match.index));
    const part = parts[Number(index)];
    nodes.push(part ? cloneElement(part, { key: nodes.length }, inner) : inner);
    last = match.index + whole.length;
  }
  nodes.push(text.slice(last));
  return <Fragment>{nodes}</Fragment>;
}
