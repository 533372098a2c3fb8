type Ordered = { id: number; order_index: number };

/** The grid with widget `id` moved to `index` (clamped to the list), renumbered 0, 1, 2… as the server does. */
export function moveWidget<W extends Ordered>(widgets: readonly W[], id: number, index: number): W[] {
  const moving = widgets.find((w) => w.id === id);
  if (!moving) return [...widgets];
  const others = widgets.filter((w) => w.id !== id);
  const at = Math.max(0, Math.min(index, others.length));
  others.splice(at, 0, moving);
  return others.map((w, i) => (w.order_index === i ? w : { ...w, order_index: i }));
}
