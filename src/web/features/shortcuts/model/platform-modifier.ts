/** Whether this is an Apple system, whose shortcuts use ⌘ where others use Ctrl. */
export function usesCommandKey(): boolean {
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ??
    navigator.platform;
  return /mac|iphone|ipad/i.test(platform);
}

/** The platform's modifier as its keyboard labels it. */
export function modifierKeyLabel(): string {
  return usesCommandKey() ? '⌘' : 'Ctrl';
}
