import { describe, expect, it } from 'vitest';
import { HOME_REVIEWS_COUNT } from '../src/features/catalog/api/get-home-reviews';
import { PAGES } from './page-preloads';

describe('page preloads', () => {
  it("preloads the home page's answers at the addresses its queries ask for (a preload that matches no request is a wasted download)", () => {
    const home = PAGES.find((page) => page.name === 'home');
    expect(home?.fetches).toEqual([
      '/api/product/recent/products',
      '/api/category/get',
      `/api/user/get/reviews?page=1&limit=${HOME_REVIEWS_COUNT}`,
    ]);
  });
});
