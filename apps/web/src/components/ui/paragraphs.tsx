/** Plain text written by the shop (about, policies) as paragraphs; a single line break stays a line break. */
import { paragraphsOf } from '../../lib/shop/shop-display';

export function Paragraphs({ text, className = '' }: { text: string; className?: string }) {
  return (
    <>
      {paragraphsOf(text).map((paragraph, index) => (
        // The paragraphs are the text's own, in order; their position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: a paragraph has no other identity
        <p key={index} className={`whitespace-pre-line ${className}`}>
          {paragraph}
        </p>
      ))}
    </>
  );
}
