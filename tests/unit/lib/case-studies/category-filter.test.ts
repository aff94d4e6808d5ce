import { describe, expect, it } from 'vitest';
import { categoriesInUse } from '../../../../src/lib/case-studies/categories.ts';
import {
  ALL_CATEGORIES,
  categoryFromSearch,
  describeShown,
  urlForCategory,
} from '../../../../src/lib/case-studies/category-filter.ts';

const categories = ['Healthcare', 'Insurance', 'Employee Experience'];

describe('categoriesInUse', () => {
  it('keeps each category once, in the canonical order whatever the content order', () => {
    expect(categoriesInUse(['Automotive', 'Healthcare', 'Retail', 'Healthcare', 'Training'])).toEqual([
      'Healthcare',
      'Retail',
      'Training',
      'Automotive',
    ]);
  });

  it('puts a category it does not know last, in order of appearance', () => {
    expect(categoriesInUse(['Public Sector', 'Insurance', 'Energy', 'Healthcare'])).toEqual([
      'Healthcare',
      'Insurance',
      'Public Sector',
      'Energy',
    ]);
  });
});

describe('categoryFromSearch', () => {
  it('reads the category from the query string, ignoring case and spaces around it', () => {
    expect(categoryFromSearch('?category=Healthcare', categories)).toBe('Healthcare');
    expect(categoryFromSearch('?category=employee+experience', categories)).toBe('Employee Experience');
    expect(categoryFromSearch('?utm=x&category=%20Insurance%20', categories)).toBe('Insurance');
  });

  it('falls back to All when the parameter is missing, empty or unknown', () => {
    expect(categoryFromSearch('', categories)).toBe(ALL_CATEGORIES);
    expect(categoryFromSearch('?category=', categories)).toBe(ALL_CATEGORIES);
    expect(categoryFromSearch('?category=Gardening', categories)).toBe(ALL_CATEGORIES);
  });
});

describe('urlForCategory', () => {
  it('sets the category and keeps other parameters and the hash', () => {
    expect(urlForCategory('https://www.example.com/results?ref=mail#top', 'Employee Experience')).toBe(
      '/results?ref=mail&category=Employee+Experience#top',
    );
  });

  it('drops the parameter for All', () => {
    expect(urlForCategory('https://www.example.com/results?category=Healthcare', ALL_CATEGORIES)).toBe('/results');
  });
});

describe('describeShown', () => {
  it('says how many studies are shown, and of which category', () => {
    expect(describeShown(17, ALL_CATEGORIES)).toBe('Showing all 17 case studies');
    expect(describeShown(6, 'Healthcare')).toBe('Showing 6 Healthcare case studies');
    expect(describeShown(1, 'Insurance')).toBe('Showing 1 Insurance case study');
  });
});
