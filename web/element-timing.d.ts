import 'react';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the type parameter must match React's declaration
  interface HTMLAttributes<T> {
    /** The Element Timing API's name for when this element is painted (read by `npm run bench`). */
    elementtiming?: string;
  }
}
