/** About Us (docs/product.md#shopper-screens): what Mandi promises, and that this is a sample site made only for learning. */
import { PAGE_TITLES } from '@mandi/shared';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';

export const FOUNDER_URL = 'https://github.com/';

const PROMISES = [
  {
    title: 'Fresh and Organic',
    text: 'We buy from growers we know, in small lots, so nothing waits long between the field and your kitchen.',
  },
  {
    title: 'Fair weights',
    text: 'Everything is sold by the kilogram in half-kilo steps, and you only pay for what is weighed out for you.',
  },
  {
    title: 'Free delivery, cash on delivery',
    text: 'Delivery is free all over India, and you pay in cash at your door once you have seen the produce.',
  },
] as const;

export default function AboutPage() {
  usePageTitle(PAGE_TITLES.about);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-10 px-4 py-12 sm:px-6">
      <header className="flex flex-col items-center gap-4 text-center">
        <img src="/images/basket.svg" alt="" width={88} height={88} className="h-20 w-20" />
        <h1 className="page-heading">About Us</h1>
        <p className="max-w-2xl text-lg leading-relaxed text-stone-700">
          Mandi brings the bustle of an Indian vegetable market to your phone: crisp greens, ripe seasonal fruit and
          fresh dairy, picked out for you and weighed by the kilogram.
        </p>
      </header>

      <section
        aria-labelledby="sample-heading"
        className="rounded-2xl border border-amber-300 bg-amber-50 p-6 text-stone-800 shadow-sm"
      >
        <h2 id="sample-heading" className="text-lg font-bold text-amber-900">
          A sample site, made only for learning
        </h2>
        <p className="mt-2 leading-relaxed">
          This shop is a sample website built only for learning purposes. No real orders are delivered, no money changes
          hands and the products are examples. Please do not enter real personal or payment details.
        </p>
        <p className="mt-3">
          Founded by{' '}
          <a
            href={FOUNDER_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-green-800 underline underline-offset-2 hover:text-green-900"
          >
            the founder on GitHub
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          .
        </p>
      </section>

      <section aria-labelledby="promise-heading">
        <h2 id="promise-heading" className="mb-5 text-center text-2xl font-bold text-stone-900">
          The Mandi promise
        </h2>
        <ul className="grid gap-5 md:grid-cols-3">
          {PROMISES.map((promise) => (
            <li key={promise.title} className="card p-6">
              <h3 className="font-bold text-green-800">{promise.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-stone-600">{promise.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="flex justify-center">
        <Link to={paths.products()} className="btn-primary px-7 py-3">
          Browse Fresh Products
        </Link>
      </div>
    </div>
  );
}
