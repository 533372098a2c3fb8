/** Every piece a stream yields, in order: what a chat provider's `stream` answered, read to its end. */
export async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of stream) pieces.push(piece);
  return pieces;
}
