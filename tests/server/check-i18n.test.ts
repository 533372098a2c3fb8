import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { argumentsOf, findBuiltKeys, findLiterals } from '../../scripts/check-i18n.ts';

/** The build's check of the interface's texts finds what it is there to find. */
describe('check-i18n', () => {
  const texts = (code: string) => findLiterals('sample.tsx', code).map((finding) => finding.text);

  it('finds literal texts a member reads in a component', () => {
    expect(
      texts(`
        export function Sample({ busy }: { busy: boolean }) {
          toast.error('Could not save');
          useDocumentTitle('Settings');
          return (
            <section aria-label="Your tasks" title={busy ? 'Saving' : t('x')}>
              <h2>Hello there</h2>
              {busy ? 'Loading…' : null}
              <input placeholder={\`Search \${n} items\`} />
            </section>
          );
        }`),
    ).toEqual([
      'Could not save',
      'Settings',
      'Your tasks',
      'Saving',
      'Hello there',
      'Loading…',
      'Search items',
    ]);
  });

  it('lets keys, names, marks and code through', () => {
    expect(
      texts(`
        export function Sample() {
          return (
            <div className="flex gap-2" data-testid="task-row" aria-label={t('tasks.row')}>
              {t('tasks.title', { count })} · — Lumara Suno {' '} 12:30
              <a href="https://suno.com">{name}</a>
            </div>
          );
        }`),
    ).toEqual([]);
  });

  it('finds a key built from parts, which the build could not shorten', () => {
    const keys = ['badges.first_flight.name', 'tasks.count'];
    const built = (code: string) => findBuiltKeys('sample.ts', code, keys).map((finding) => finding.text);
    // Source code as text: its template literals are the point.
    const dollar = '$';
    expect(built(`const key = \`badges.${dollar}{type}.name\`;`)).toEqual([
      `\`badges.${dollar}{type}.name\``,
    ]);
    expect(
      built(`const key = 'badges.first_flight.name'; const url = \`https://x.test/${dollar}{id}\`;`),
    ).toEqual([]);
    expect(built(`const label = \`tasks ${dollar}{count}\`;`)).toEqual([]);
  });

  it('reads the arguments of a message, in plural branches too', () => {
    const compiled = compileMessage('{count, plural, one {# task for {name}} other {# tasks}} in {column}');
    expect([...argumentsOf(compiled)].sort()).toEqual(['column', 'count', 'name']);
    expect([...argumentsOf(compileMessage('No arguments here'))]).toEqual([]);
  });
});
