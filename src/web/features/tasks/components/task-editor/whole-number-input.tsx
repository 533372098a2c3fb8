import { type ComponentProps, useState } from 'react';
import { Input } from '#web/ui/field.tsx';

/**
 * A number box for a whole number from `min` to `max`: what is typed stays as typed (so it can be emptied and
 * retyped), each whole number within bounds goes to `onValue`, and leaving the box shows the value kept.
 */
export function WholeNumberInput({
  value,
  min,
  max,
  onValue,
  ...rest
}: Omit<ComponentProps<typeof Input>, 'value' | 'onChange' | 'type' | 'min' | 'max'> & {
  value: number;
  min: number;
  max: number;
  onValue: (value: number) => void;
}) {
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  // The value changed from outside (another field reset it): the box follows.
  if (shown !== value) {
    setShown(value);
    if (Number(text) !== value) setText(String(value));
  }
  return (
    <Input
      {...rest}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const number = Number(event.target.value);
        if (event.target.value !== '' && Number.isInteger(number) && number >= min && number <= max) {
          setShown(number);
          onValue(number);
        }
      }}
      onBlur={() => setText(String(value))}
    />
  );
}
