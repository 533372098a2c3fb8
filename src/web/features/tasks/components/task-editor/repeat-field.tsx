import { useState } from 'react';
import type { RepeatFrom } from '#shared/tasks.ts';
import { useFormat } from '#web/lib/i18n/format.ts';
import { useT } from '#web/lib/i18n/use-t.ts';
import { Field, Select } from '#web/ui/field.tsx';
import { describeRepeat } from '../../lib/repeat-text.ts';
import {
  anchorRule,
  emptyRule,
  formatRule,
  normalizeRule,
  parseRule,
  repeatPresets,
} from '../../model/repeat-rule.ts';
import { RepeatBuilder } from './repeat-builder.tsx';

const NONE = '';
const CUSTOM = 'custom';
/** Where a builder opened without a date would start (never shown: the builder needs a date). */
const FALLBACK_START = '2000-01-03';

/**
 * How the task repeats: not at all, one of the presets for its date (every day, weekday, week on this day, month
 * on this date or weekday, year), or a custom rule; then where the next date counts from. A repeat needs a date:
 * without one the choice waits for it. A rule this editor cannot build (sent by another client) stays as it is,
 * in the server's words, until another is chosen.
 */
export function RepeatField({
  value,
  onChange,
  repeatFrom,
  onRepeatFromChange,
  dueDate,
  savedRule,
  savedText,
  error,
}: {
  value: string | null;
  onChange: (repeat: string | null) => void;
  repeatFrom: RepeatFrom;
  onRepeatFromChange: (repeatFrom: RepeatFrom) => void;
  /** `YYYY-MM-DD`, or '' while the task has none. */
  dueDate: string;
  /** The rule the task was saved with, and the server's words for it. */
  savedRule: string | null;
  savedText: string | null;
  error?: string | undefined;
}) {
  const t = useT();
  const format = useFormat();
  // Set when the member picks "Custom…": the builder stays open even while its rule is also a preset.
  const [customOpen, setCustomOpen] = useState(false);
  const presets = dueDate
    ? repeatPresets(dueDate).map((preset) => ({
        id: preset.id,
        value: formatRule(preset.rule),
        label: describeRepeat(preset.rule, t, format),
      }))
    : [];
  const current = value === null ? null : normalizeRule(value);
  const rule = value === null ? null : parseRule(value);
  const preview = rule ? describeRepeat(rule, t, format) : null;
  const matchesPreset = presets.some((preset) => preset.value === current);
  const showBuilder = dueDate !== '' && rule !== null && (customOpen || !matchesPreset);
  const selected = current === null ? NONE : showBuilder ? CUSTOM : current;
  // A rule that is no preset and not in the builder (one it cannot hold, or one waiting for a date) is an option of
  // its own, in the server's words when it is the saved one.
  const ownOption =
    current !== null && !matchesPreset && !showBuilder
      ? {
          value: current,
          label:
            (savedRule !== null && current === normalizeRule(savedRule) ? savedText : null) ??
            preview ??
            current,
        }
      : null;
  const builderRule = rule ?? anchorRule(emptyRule('WEEKLY'), dueDate || FALLBACK_START);

  function choose(choice: string) {
    setCustomOpen(choice === CUSTOM);
    if (choice === NONE) onChange(null);
    else if (choice === CUSTOM) onChange(formatRule(builderRule));
    else onChange(choice);
  }

  return (
    <div className="flex flex-col gap-3">
      <Field
        label={t('tasks.editor.repeat')}
        hint={dueDate ? undefined : t('tasks.editor.repeatNeedsDate')}
        error={error}
      >
        <Select
          value={selected}
          disabled={!dueDate && value === null}
          onChange={(event) => choose(event.target.value)}
        >
          <option value={NONE}>{t('tasks.repeat.never')}</option>
          {presets.map((preset) => (
            <option key={preset.id} value={preset.value}>
              {preset.label}
            </option>
          ))}
          {ownOption ? <option value={ownOption.value}>{ownOption.label}</option> : null}
          {dueDate ? <option value={CUSTOM}>{t('tasks.repeat.customOption')}</option> : null}
        </Select>
      </Field>
      {showBuilder ? (
        <RepeatBuilder
          rule={builderRule}
          dueDate={dueDate}
          onChange={(next) => onChange(formatRule(anchorRule(next, dueDate)))}
        />
      ) : null}
      {value !== null ? (
        <>
          {showBuilder && preview ? (
            <p aria-live="polite" className="text-sm text-(--ink-muted)">
              {t('tasks.editor.repeatPreview', { rule: preview })}
            </p>
          ) : null}
          <Field label={t('tasks.editor.repeatFrom')}>
            <Select
              value={repeatFrom}
              onChange={(event) => onRepeatFromChange(event.target.value as RepeatFrom)}
            >
              <option value="due">{t('tasks.editor.repeatFromDue')}</option>
              <option value="completion">{t('tasks.editor.repeatFromCompletion')}</option>
            </Select>
          </Field>
        </>
      ) : null}
    </div>
  );
}
