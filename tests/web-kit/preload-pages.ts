/**
 * The signed-in pages are lazy chunks (router.tsx). A test file's first render of one waits for its modules to be
 * transformed, which under a loaded machine can outlast Testing Library's one-second `findBy`. Files that render
 * these pages load them once up front: `beforeAll(preloadPages, 30_000)`.
 */
export async function preloadPages(): Promise<void> {
  await Promise.all([
    import('#web/app/shell/app-shell.tsx'),
    import('#web/app/pages/dashboard-page.tsx'),
    import('#web/app/pages/focus-page.tsx'),
    import('#web/app/pages/studio/components/studio-page.tsx'),
    import('#web/features/community/components/community-page.tsx'),
  ]);
}
