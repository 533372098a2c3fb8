import { afterEach, describe, expect, it } from 'vitest';
import {
  applyWallpaperToDocument,
  clearWallpaperFromDocument,
  wallpaperLayer,
} from './document-wallpaper.ts';

describe('wallpaperLayer', () => {
  it('shows Lumara’s own pictures and https ones, the picture before the gradient', () => {
    expect(wallpaperLayer({ url: '/api/wallpapers/1/a.png', css: 'linear-gradient(#fff, #000)' })).toBe(
      'url("/api/wallpapers/1/a.png")',
    );
    expect(wallpaperLayer({ url: 'https://cdn.example/w.png', css: null })).toBe(
      'url("https://cdn.example/w.png")',
    );
  });

  it('never lets a URL end the url("…") early', () => {
    expect(wallpaperLayer({ url: 'https://x.example/a"),url(https://evil.example/b', css: null })).toBe(
      'url("https://x.example/a%22),url(https://evil.example/b")',
    );
  });

  it('shows a gradient only when it is nothing but gradients, and nothing for other URLs', () => {
    expect(wallpaperLayer({ url: null, css: 'linear-gradient(135deg, #ffc6e5 0%, #d9efff 100%)' })).toBe(
      'linear-gradient(135deg, #ffc6e5 0%, #d9efff 100%)',
    );
    expect(wallpaperLayer({ url: null, css: 'url(https://evil.example/x.png)' })).toBeNull();
    expect(wallpaperLayer({ url: 'javascript:alert(1)', css: null })).toBeNull();
    expect(wallpaperLayer({ url: 'http://plain.example/x.png', css: null })).toBeNull();
    expect(wallpaperLayer({ url: null, css: null })).toBeNull();
  });
});

describe('applyWallpaperToDocument', () => {
  afterEach(() => clearWallpaperFromDocument(document.body));

  it('marks the page with the kind of wallpaper shown, and clears it', () => {
    applyWallpaperToDocument(document.body, { url: '/api/wallpapers/1/a.png', css: null });
    expect(document.body.dataset.wallpaper).toBe('image');
    expect(document.body.style.getPropertyValue('background-size')).toBe('cover');
    applyWallpaperToDocument(document.body, { url: null, css: 'linear-gradient(#fff, #000)' });
    expect(document.body.dataset.wallpaper).toBe('gradient');
    applyWallpaperToDocument(document.body, { url: null, css: null });
    expect(document.body.dataset.wallpaper).toBeUndefined();
    expect(document.body.style.getPropertyValue('background-size')).toBe('');
  });
});
