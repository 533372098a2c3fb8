import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMUNITY_TEXTS } from '#shared/community.ts';
import { takeConsoleErrors } from '#tests/setup/console-capture.ts';
import {
  buildCommunityModels,
  buildMember,
  buildPost,
  ME,
  OTHER,
  serveCommunity,
} from '#tests/web-kit/community/community-handlers.ts';
import { FakeEventSource, FakeIntersectionObserver } from '#tests/web-kit/community/fake-event-source.ts';
import { currentAddress, renderCommunity } from '#tests/web-kit/community/render-community.tsx';
import { deferred, errorResponse } from '#tests/web-kit/http-answers.ts';
import { formattersFor } from '#web/lib/i18n/format.ts';
import { activateLanguage } from '#web/lib/i18n/i18n.ts';
import { COMMUNITY_AI_STORAGE_KEY } from '../hooks/use-community-ai-choice.ts';
import { formatPostDate } from '../model/post-date.ts';

const postArticle = (title: string) => screen.getByRole('article', { name: title });
const findPost = (title: string) => screen.findByRole('article', { name: title });

beforeEach(() => {
  FakeEventSource.reset();
  FakeIntersectionObserver.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CommunityPage: the list', () => {
  it("says 'No posts yet' with a 'Create First Post' button that opens the post form", async () => {
    serveCommunity();
    const { user } = renderCommunity();
    expect(screen.getByRole('heading', { level: 1, name: 'Community' })).toBeInTheDocument();
    expect(await screen.findByText(COMMUNITY_TEXTS.noPosts)).toBeInTheDocument();
    expect(COMMUNITY_TEXTS.noPosts).toBe('No posts yet');

    await user.click(screen.getByRole('button', { name: 'Create First Post' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Post' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveFocus();
  });

  it('shows a loading skeleton, then each post with its author, date, AI mark and text as text', async () => {
    const gate = deferred<void>();
    const post = buildPost({
      title: '<img src=x onerror="window.__xss=1">',
      body: 'First line\n<script>window.__xss=1</script>',
      created_at: '2026-11-22T18:39:00.000Z',
      ai_meta: { helpers: ['generate'] },
      likes: 3,
      comments_count: 2,
    });
    serveCommunity({
      posts: [post],
      overrides: [
        http.get('/api/community/posts', async () => {
          await gate.promise;
        }),
      ],
    });
    renderCommunity();
    expect(screen.getByText('Loading posts')).toBeInTheDocument();
    gate.resolve();

    const article = await findPost(post.title);
    expect(within(article).getByText(OTHER.name)).toBeInTheDocument();
    expect(within(article).getByText('GH')).toBeInTheDocument();
    const time = within(article).getByText(formatPostDate(formattersFor('en'), post.created_at));
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', post.created_at);
    expect(within(article).getByText('AI Enhanced')).toBeInTheDocument();
    expect(within(article).getByRole('heading', { level: 3 })).toHaveTextContent(post.title);
    expect(within(article).getByText(/<script>window.__xss=1<\/script>/)).toHaveClass('whitespace-pre-wrap');
    expect(article.querySelector('img, script')).toBeNull();
    expect(within(article).getByRole('button', { name: 'Like 3' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(article).getByRole('button', { name: 'Comments 2' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('says when the posts could not be loaded, and tries again', async () => {
    let fail = true;
    serveCommunity({
      posts: [buildPost({ title: 'Back again' })],
      overrides: [
        http.get('/api/community/posts', () =>
          fail ? errorResponse(400, 'validation_failed', 'No') : undefined,
        ),
      ],
    });
    const { user } = renderCommunity();
    expect(await screen.findByText(/Could not load your community posts/)).toBeInTheDocument();
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('Failed to load community posts')]);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findPost('Back again')).toBeInTheDocument();
  });

  it('loads the next page when the end of the list scrolls into view, and with Load more', async () => {
    const posts = Array.from({ length: 45 }, (_, index) => buildPost({ title: `Post number ${index + 1}` }));
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const server = serveCommunity({ posts, pageSize: 20 });
    const { user } = renderCommunity();

    expect(await findPost('Post number 45')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(20);
    expect(screen.queryByRole('article', { name: 'Post number 25' })).not.toBeInTheDocument();

    FakeIntersectionObserver.intersectAll();
    expect(await findPost('Post number 25')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(40);
    const firstPage = server.posts()[19];
    expect(server.requestsTo(`/api/community/posts?cursor=${firstPage?.id}`, 'GET')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await findPost('Post number 1')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(45);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('likes at once, then takes the count the server answers', async () => {
    const like = deferred<Response>();
    const post = buildPost({ title: 'Likeable', likes: 4 });
    serveCommunity({
      posts: [post],
      overrides: [http.put('/api/community/posts/:id/like', () => like.promise)],
    });
    const { user } = renderCommunity();
    const article = await findPost('Likeable');
    await user.click(within(article).getByRole('button', { name: 'Like 4' }));
    expect(within(article).getByRole('button', { name: 'Like 5' })).toHaveAttribute('aria-pressed', 'true');

    like.resolve(HttpResponse.json({ likes: 7, liked: true }));
    expect(await within(article).findByRole('button', { name: 'Like 7' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('puts a like back when the server refuses it', async () => {
    const post = buildPost({ title: 'Unlikeable', likes: 4 });
    serveCommunity({
      posts: [post],
      overrides: [
        http.put('/api/community/posts/:id/like', () =>
          errorResponse(404, 'not_found', 'There is no such post'),
        ),
      ],
    });
    const { user } = renderCommunity();
    const article = await findPost('Unlikeable');
    await user.click(within(article).getByRole('button', { name: 'Like 4' }));
    expect(await within(article).findByRole('alert')).toHaveTextContent('There is no such post');
    expect(within(article).getByRole('button', { name: 'Like 4' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('CommunityPage: the post menu', () => {
  it("shows Edit and Delete only on the member's own posts; others' posts offer Report", async () => {
    serveCommunity({
      posts: [
        buildPost({ title: 'Mine', author_id: ME.id, author_name: ME.name }),
        buildPost({ title: 'Theirs' }),
      ],
    });
    const { user } = renderCommunity();
    const mine = await findPost('Mine');
    const theirs = postArticle('Theirs');

    expect(within(theirs).queryByRole('button', { name: 'Post options' })).not.toBeInTheDocument();
    expect(within(theirs).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
    expect(within(theirs).getByRole('button', { name: 'Report' })).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();

    const options = within(mine).getByRole('button', { name: 'Post options' });
    expect(options).toHaveAttribute('aria-expanded', 'false');
    await user.click(options);
    expect(options).toHaveAttribute('aria-expanded', 'true');
    // A Radix menu: its actions are menu items, in a layer portalled to the end of the page.
    expect(screen.getByRole('menu')).toHaveAttribute('id', options.getAttribute('aria-controls'));
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).not.toBeInTheDocument();
    expect(options).toHaveFocus();
  });

  it("asks 'Are you sure you want to delete this post?' and removes the post when confirmed", async () => {
    const server = serveCommunity({
      posts: [
        buildPost({ title: 'Doomed', author_id: ME.id, author_name: ME.name }),
        buildPost({ title: 'Kept' }),
      ],
    });
    const { user } = renderCommunity();
    const doomed = await findPost('Doomed');
    const id = server.posts().find((p) => p.title === 'Doomed')?.id;

    await user.click(within(doomed).getByRole('button', { name: 'Post options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete post' });
    expect(confirm).toHaveAccessibleDescription('Are you sure you want to delete this post?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(postArticle('Doomed')).toBeInTheDocument();
    expect(server.requestsTo(`/api/community/posts/${id}`, 'DELETE')).toHaveLength(0);

    await user.click(within(doomed).getByRole('button', { name: 'Post options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Doomed' })).not.toBeInTheDocument());
    expect(server.requestsTo(`/api/community/posts/${id}`, 'DELETE')).toHaveLength(1);
    expect(postArticle('Kept')).toBeInTheDocument();
  });

  it('opens the post form filled in from a draft link, posts nothing by itself, and plain again', async () => {
    const server = serveCommunity();
    const query = new URLSearchParams({ draft_title: 'Week recap', draft_body: 'Five tasks done & a walk.' });
    const { user } = renderCommunity(undefined, `/community?${query.toString()}`);
    const dialog = await screen.findByRole('dialog', { name: 'Create Post' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Week recap');
    expect(within(dialog).getByRole('textbox', { name: 'Body' })).toHaveValue('Five tasks done & a walk.');
    await waitFor(() => expect(currentAddress).toBe('/community'));
    expect(server.requestsTo('/api/community/posts', 'POST')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Create Post' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.bodiesTo('/api/community/posts', 'POST')).toMatchObject([
      { title: 'Week recap', body: 'Five tasks done & a walk.' },
    ]);
  });

  it('edits a post in the same form, titled Edit post, with Save', async () => {
    const server = serveCommunity({
      posts: [
        buildPost({ title: 'Draft title', body: 'Draft body', author_id: ME.id, author_name: ME.name }),
      ],
    });
    const { user } = renderCommunity();
    const article = await findPost('Draft title');
    const id = server.posts()[0]?.id;
    await user.click(within(article).getByRole('button', { name: 'Post options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));

    const dialog = screen.getByRole('dialog', { name: 'Edit post' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Draft title');
    expect(within(dialog).getByRole('textbox', { name: 'Body' })).toHaveValue('Draft body');
    await user.clear(title);
    await user.type(title, 'Final title');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await findPost('Final title')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.bodiesTo(`/api/community/posts/${id}`, 'PUT')).toEqual([
      { title: 'Final title', body: 'Draft body', lang: 'auto' },
    ]);
    expect(within(postArticle('Final title')).getByText('(edited)')).toBeInTheDocument();
  });

  it('reports a post with a reason and thanks the member', async () => {
    const server = serveCommunity({ posts: [buildPost({ title: 'Spammy' })] });
    const { user } = renderCommunity();
    const article = await findPost('Spammy');
    const id = server.posts()[0]?.id;
    await user.click(within(article).getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report post' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Advertising');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(article).findByText('Thanks, the moderators will take a look.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.bodiesTo(`/api/community/posts/${id}/report`)).toEqual([{ reason: 'Advertising' }]);
    expect(within(article).getByRole('button', { name: 'Reported' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});

describe('CommunityPage: comments', () => {
  it('expands the comments, sends one with Enter, never an empty one, and counts it', async () => {
    const post = buildPost({ title: 'Talk to me', comments_count: 1 });
    const server = serveCommunity({
      posts: [post],
      comments: { [post.id]: [{ ...buildCommentFor(post.id), body: 'First!' }] },
    });
    const { user } = renderCommunity();
    const article = await findPost('Talk to me');
    const toggle = within(article).getByRole('button', { name: 'Comments 1' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await within(article).findByText('First!')).toBeInTheDocument();

    const input = within(article).getByRole('textbox', { name: 'Write a comment' });
    await user.type(input, '   {Enter}');
    expect(server.requestsTo(`/api/community/posts/${post.id}/comments`, 'POST')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'Lovely <b>work</b>{Enter}');
    expect(await within(article).findByText('Lovely <b>work</b>')).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(within(article).getByRole('button', { name: 'Comments 2' })).toBeInTheDocument();
    expect(server.bodiesTo(`/api/community/posts/${post.id}/comments`)).toEqual([
      { body: 'Lovely <b>work</b>' },
    ]);
  });

  it('empties the box at once, so the next comment can be sent while one is on its way', async () => {
    const post = buildPost({ title: 'Quick talk', comments_count: 0 });
    const gate = deferred<void>();
    let held = false;
    const server = serveCommunity({
      posts: [post],
      comments: { [post.id]: [] },
      overrides: [
        http.post('/api/community/posts/:id/comments', async () => {
          if (!held) {
            held = true;
            await gate.promise;
          }
        }),
      ],
    });
    const { user } = renderCommunity();
    const article = await findPost('Quick talk');
    await user.click(within(article).getByRole('button', { name: 'Comments 0' }));
    const input = within(article).getByRole('textbox', { name: 'Write a comment' });

    await user.type(input, 'One{Enter}');
    expect(input).toHaveValue('');
    await user.type(input, 'Two{Enter}');
    expect(input).toHaveValue('');
    gate.resolve();
    expect(await within(article).findByText('One')).toBeInTheDocument();
    expect(await within(article).findByText('Two')).toBeInTheDocument();
    expect(server.bodiesTo(`/api/community/posts/${post.id}/comments`)).toEqual([
      { body: 'One' },
      { body: 'Two' },
    ]);
  });

  it("lets the post's author mark others' comments helpful, and no one else", async () => {
    const mine = buildPost({
      title: 'My question',
      author_id: ME.id,
      author_name: ME.name,
      comments_count: 2,
    });
    const theirs = buildPost({ title: 'Their question', comments_count: 1 });
    const tip = { ...buildCommentFor(mine.id), body: 'Try this' };
    const server = serveCommunity({
      posts: [mine, theirs],
      comments: {
        [mine.id]: [
          tip,
          { ...buildCommentFor(mine.id), body: 'My own reply', author_id: ME.id, author_name: ME.name },
        ],
        [theirs.id]: [{ ...buildCommentFor(theirs.id), body: 'Answer here' }],
      },
    });
    const { user } = renderCommunity();

    const theirArticle = await findPost('Their question');
    await user.click(within(theirArticle).getByRole('button', { name: 'Comments 1' }));
    expect(await within(theirArticle).findByText('Answer here')).toBeInTheDocument();
    expect(within(theirArticle).queryByRole('button', { name: 'Mark helpful' })).not.toBeInTheDocument();

    const myArticle = postArticle('My question');
    await user.click(within(myArticle).getByRole('button', { name: 'Comments 2' }));
    expect(await within(myArticle).findByText('Try this')).toBeInTheDocument();
    const marks = within(myArticle).getAllByRole('button', { name: 'Mark helpful' });
    expect(marks).toHaveLength(1);
    expect(marks[0]).toHaveAttribute('aria-pressed', 'false');
    await user.click(marks[0] as HTMLElement);
    expect(await within(myArticle).findByText('Helpful')).toBeInTheDocument();
    expect(within(myArticle).getByRole('button', { name: 'Mark helpful' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(server.bodiesTo(`/api/community/comments/${tip.id}/helpful`, 'PUT')).toEqual([{ helpful: true }]);
  });
});

describe('CommunityPage: live updates', () => {
  it('opens one event stream on /api/events and closes it when the page closes', async () => {
    serveCommunity();
    const { unmount } = renderCommunity();
    await screen.findByText('No posts yet');
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(FakeEventSource.instances[0]?.url).toBe('/api/events');
    unmount();
    expect(FakeEventSource.instances[0]?.readyState).toBe(FakeEventSource.CLOSED);
  });

  it("sets a post's like count from post.liked without touching the viewer's own like", async () => {
    const post = buildPost({ title: 'Popular', likes: 1, liked: true });
    serveCommunity({ posts: [post] });
    renderCommunity();
    const article = await findPost('Popular');
    FakeEventSource.current()?.emit('post.liked', { postId: post.id, likes: 9 });
    expect(await within(article).findByRole('button', { name: 'Like 9' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('counts a new comment, and shows it where the comments are open', async () => {
    const post = buildPost({ title: 'Chatty', comments_count: 0 });
    const server = serveCommunity({ posts: [post] });
    const { user } = renderCommunity();
    const article = await findPost('Chatty');
    await user.click(within(article).getByRole('button', { name: 'Comments 0' }));
    await within(article).findByText(/No comments yet/);

    const comment = { ...buildCommentFor(post.id), body: 'Hello from afar' };
    server.addComment(comment);
    FakeEventSource.current()?.emit('comment.created', {
      postId: post.id,
      commentId: comment.id,
      commentsCount: 1,
    });
    expect(await within(article).findByText('Hello from afar')).toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Comments 1' })).toBeInTheDocument();
  });

  it('shows a new post and the new stats on post.created, and drops a deleted one on post.deleted', async () => {
    const server = serveCommunity({ posts: [buildPost({ title: 'Old news' })] });
    renderCommunity();
    await findPost('Old news');
    const fresh = buildPost({ title: 'Breaking' });
    server.addPost(fresh);
    FakeEventSource.current()?.emit('post.created', { postId: fresh.id });
    expect(await findPost('Breaking')).toBeInTheDocument();
    await waitFor(() => expect(statValue('Total Posts')).toBe('2'));

    server.removePost(fresh.id);
    FakeEventSource.current()?.emit('post.deleted', { postId: fresh.id });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Breaking' })).not.toBeInTheDocument());
    await waitFor(() => expect(statValue('Total Posts')).toBe('1'));
  });

  it('fetches the posts again after the stream reconnects, since missed events are not replayed', async () => {
    const server = serveCommunity({ posts: [buildPost({ title: 'Before the drop' })] });
    renderCommunity();
    await findPost('Before the drop');
    const source = FakeEventSource.current();
    source?.emit('ready', {});
    server.addPost(buildPost({ title: 'Posted while offline' }));
    expect(server.requestsTo('/api/community/posts', 'GET')).toHaveLength(1);
    source?.emit('ready', {});
    expect(await findPost('Posted while offline')).toBeInTheDocument();
  });

  it('ignores events it does not know and frames it cannot read', async () => {
    const post = buildPost({ title: 'Steady', likes: 2 });
    serveCommunity({ posts: [post] });
    renderCommunity();
    const article = await findPost('Steady');
    const source = FakeEventSource.current();
    source?.emit('post.liked', 'not json');
    source?.emit('post.liked', { postId: post.id });
    source?.emit('something.else', { postId: post.id, likes: 50 });
    expect(within(article).getByRole('button', { name: 'Like 2' })).toBeInTheDocument();
  });
});

describe('CommunityPage: sidebar', () => {
  it('shows the stats, the first 5 recent members, the AI assistant and the guidelines', async () => {
    const members = Array.from({ length: 7 }, (_, index) =>
      buildMember({ display_name: `Newcomer ${index + 1}` }),
    );
    const server = serveCommunity({
      posts: [buildPost({ likes: 2 }), buildPost({ likes: 3, author_id: ME.id })],
      members,
    });
    renderCommunity();
    await waitFor(() => expect(statValue('Total Posts')).toBe('2'));
    expect(statValue('Active Members')).toBe('2');
    expect(statValue('Total Likes')).toBe('5');

    const recent = screen.getByRole('region', { name: 'Recent Members' });
    await within(recent).findByText('Newcomer 1');
    expect(within(recent).getAllByRole('listitem')).toHaveLength(5);
    expect(within(recent).queryByText('Newcomer 6')).not.toBeInTheDocument();
    expect(server.requestsTo('/api/community/members?limit=5', 'GET')).toHaveLength(1);

    const assistant = screen.getByRole('region', { name: 'AI assistant' });
    expect(assistant).toHaveTextContent(
      'Writing helpers use OpenRouter · Auto (best model for each prompt).',
    );
    const guidelines = screen.getByRole('region', { name: 'Community Guidelines' });
    expect(within(guidelines).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
    expect(screen.queryByRole('region', { name: 'Moderation' })).not.toBeInTheDocument();
    expect(server.requestsTo('/api/community/reports', 'GET')).toHaveLength(0);
  });

  it('lists reported posts for moderators, with Hide and Restore', async () => {
    const reported = buildPost({ title: 'Questionable' });
    const server = serveCommunity({
      posts: [reported],
      canModerate: true,
      reports: [
        {
          post: reported,
          hidden: false,
          reports: [
            { reporter_name: 'Ada Lovelace', reason: 'Spam', created_at: '2026-11-22T18:39:00.000Z' },
          ],
        },
      ],
    });
    const { user } = renderCommunity();
    const panel = await screen.findByRole('region', { name: 'Moderation' });
    expect(await within(panel).findByText('Questionable', { selector: 'p' })).toBeInTheDocument();
    expect(within(panel).getByText(/Spam/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Hide Questionable' }));
    expect(await within(panel).findByRole('button', { name: 'Restore Questionable' })).toBeInTheDocument();
    expect(server.bodiesTo(`/api/community/posts/${reported.id}/hidden`, 'PUT')).toEqual([{ hidden: true }]);
  });
});

describe('CommunityPage: AI settings', () => {
  it('toggles a panel with chat providers and their chat models, opening on the saved default', async () => {
    serveCommunity({
      models: buildCommunityModels({
        defaults: { provider: 'straico', model: 'anthropic/claude-3.5-sonnet' },
      }),
    });
    const { user } = renderCommunity();
    const toggle = screen.getByRole('button', { name: 'AI settings' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const provider = screen.getByRole('combobox', { name: 'Provider' });
    const model = screen.getByRole('combobox', { name: 'Model' });
    await waitFor(() => expect(provider).toBeEnabled());
    expect(provider).toHaveValue('straico');
    expect(model).toHaveValue('anthropic/claude-3.5-sonnet');
    expect(
      within(provider)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['OpenRouter', 'Straico']);
    expect(Array.from(model.querySelectorAll('optgroup'), (g) => g.label)).toEqual(['Straico · Chat']);

    await user.selectOptions(provider, 'openrouter');
    expect(model).toHaveValue('openrouter/auto');
    await user.selectOptions(model, 'google/gemini-2.5-flash');
    expect(JSON.parse(window.localStorage.getItem(COMMUNITY_AI_STORAGE_KEY) ?? 'null')).toEqual({
      provider: 'openrouter',
      model: 'google/gemini-2.5-flash',
    });
    expect(screen.getByRole('region', { name: 'AI assistant' })).toHaveTextContent(
      'OpenRouter · Gemini 2.5 Flash',
    );

    await user.click(toggle);
    expect(screen.queryByRole('combobox', { name: 'Provider' })).not.toBeInTheDocument();
  });

  it('opens on the choice kept in this browser', async () => {
    window.localStorage.setItem(
      COMMUNITY_AI_STORAGE_KEY,
      JSON.stringify({ provider: 'straico', model: 'google/gemini-2.5-flash' }),
    );
    serveCommunity();
    const { user } = renderCommunity();
    await user.click(screen.getByRole('button', { name: 'AI settings' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Provider' })).toBeEnabled());
    expect(screen.getByRole('combobox', { name: 'Provider' })).toHaveValue('straico');
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('google/gemini-2.5-flash');
  });
});

function statValue(label: string): string | undefined {
  const term = screen.queryByText(label, { selector: 'dt' });
  return term?.parentElement?.querySelector('dd')?.textContent ?? undefined;
}

let commentSeq = 0;
function buildCommentFor(postId: number) {
  commentSeq += 1;
  return {
    id: 5000 + commentSeq,
    post_id: postId,
    author_id: OTHER.id,
    author_name: OTHER.name,
    author_avatar: null,
    body: `Comment ${commentSeq}`,
    created_at: '2026-11-22T18:40:00.000Z',
    helpful: false,
  };
}

describe('CommunityPage: in Spanish', () => {
  it('shows its texts, the counts as plurals and the dates in Spanish', async () => {
    await act(() => activateLanguage('es'));
    const post = buildPost({
      title: 'Hola a todos',
      likes: 1,
      comments_count: 3,
      created_at: '2026-11-22T18:39:00.000Z',
      updated_at: '2026-11-22T18:39:00.000Z',
    });
    const quiet = buildPost({ title: 'Una pregunta', likes: 0, comments_count: 1 });
    serveCommunity({ posts: [post, quiet] });
    const { user } = renderCommunity();
    expect(screen.getByRole('heading', { level: 1, name: 'Comunidad' })).toBeInTheDocument();
    expect(
      await within(await findPost('Una pregunta')).findByRole('button', { name: '1 comentario' }),
    ).toBeVisible();

    const article = await findPost('Hola a todos');
    expect(within(article).getByRole('button', { name: '1 me gusta' })).toBeInTheDocument();
    expect(within(article).getByRole('button', { name: '3 comentarios' })).toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Reportar' })).toBeInTheDocument();
    const date = formatPostDate(formattersFor('es'), post.created_at);
    expect(date).toMatch(/^22 nov/);
    expect(within(article).getByText(date)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Normas de la comunidad' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Crear publicación' }));
    const dialog = screen.getByRole('dialog', { name: 'Crear publicación' });
    const language = within(dialog).getByRole('combobox', { name: 'Idioma' });
    expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Automático', 'Inglés', 'Español']);
  });
});
