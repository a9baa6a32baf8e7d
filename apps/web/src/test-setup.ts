import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A busy machine (CI, or several suites at once) can take more than the default second to render a
// page's first lazy chunk; waiting longer costs nothing when the screen is already there.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
