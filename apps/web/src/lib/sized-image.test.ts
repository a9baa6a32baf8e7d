import { describe, expect, it } from 'vitest';
import { sizedImage } from './sized-image';

describe('sizedImage', () => {
  it('offers every width of a stored picture and says how large it is shown', () => {
    expect(sizedImage('/api/images/abc', '48px')).toEqual({
      src: '/api/images/abc',
      srcSet:
        '/api/images/abc?w=64 64w, /api/images/abc?w=128 128w, /api/images/abc?w=192 192w, /api/images/abc?w=288 288w, /api/images/abc?w=400 400w',
      sizes: '48px',
    });
  });

  it('passes other addresses through', () => {
    expect(sizedImage('/images/basket.svg', '56px')).toEqual({ src: '/images/basket.svg' });
    expect(sizedImage('data:image/png;base64,AAAA', '56px')).toEqual({ src: 'data:image/png;base64,AAAA' });
  });

  it('never asks for a resized placeholder, and shows the plain one where there is no address', () => {
    const placeholder = '/api/images/placeholder/v1.svg?name=Mango%20Pickle';
    expect(sizedImage(placeholder, '48px')).toEqual({ src: placeholder });
    expect(sizedImage('', '48px')).toEqual({ src: '/api/images/placeholder/v1.svg' });
  });
});
