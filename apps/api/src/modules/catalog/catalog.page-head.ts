/**
 * The head of a product's page (`/product/:id`) for search engines and link previews: its title,
 * description, Open Graph tags and a schema.org Product with its Offer. Plain text here; the web
 * app's page writer escapes it (lib/web-app.ts, docs/decisions/0024-product-page.md).
 */
import { formatRupees, IMAGE_WIDTHS, isStoredImageUrl } from '@mandi/shared';
import { unitName, unitOrDefault } from '@mandi/shared/kernel';
import type { ResponseCache } from '../../lib/response-cache.js';
import { parseId } from '../../lib/validation.js';
import type { PageHead, PageHeads } from '../../lib/web-app.js';
import { catalogCache } from './catalog.cache.js';
import type { ProductView } from './catalog.presenter.js';
import * as catalog from './catalog.service.js';

const DEVANAGARI = /[\u0900-\u097F]/;
const LARGEST_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];

/** The product's unit ('kg' until a product says otherwise). */
const unitOf = (product: ProductView) => unitOrDefault((product as { unit?: string }).unit);

/** A picture's absolute address: a stored picture at its largest resized width, a placeholder as drawn. */
function absoluteImage(publicUrl: string, url: string): string {
  if (/^https?:\/\//.test(url)) return url;
  const sized = isStoredImageUrl(url) ? `${url}?w=${LARGEST_WIDTH}` : url;
  return `${publicUrl}${sized.startsWith('/') ? '' : '/'}${sized}`;
}

/** `shopName` is the shop's name as its profile says (decision 0028): the title's and Open Graph's site name. */
export function productPageHead(product: ProductView, publicUrl: string, shopName = 'Mandi'): PageHead {
  const unit = unitOf(product);
  // The rate as the shop's cards write it: '₹ 40/Kg', '₹ 84/dozen' (kernel units, decision 0022).
  const rate = `₹ ${formatRupees(product.rate).replace('₹', '')}/${unitName(unit)}`;
  const hindi = product.aliases.find((alias) => DEVANAGARI.test(alias));
  const named = hindi ? `${product.name} (${hindi})` : product.name;
  const isInStock = product.stocks > 0;
  const url = `${publicUrl}/product/${product._id}`;
  const image = absoluteImage(publicUrl, product.url);
  const title = `${named}, ${rate} | ${shopName}`;
  const description = isInStock
    ? `Fresh ${product.name} at ${rate} from ${shopName}'s ${product.category.categoryName}: delivered to your door, cash on delivery.`
    : `${product.name} at ${rate} from ${shopName}'s ${product.category.categoryName}: out of stock just now.`;
  return {
    title,
    description,
    url,
    openGraph: [
      ['og:type', 'product'],
      ['og:site_name', shopName],
      ['og:title', `${named}, ${rate}`],
      ['og:description', description],
      ['og:url', url],
      ['og:image', image],
      ['og:image:alt', product.name],
      ['product:price:amount', product.rate.toFixed(2)],
      ['product:price:currency', 'INR'],
    ],
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      ...(hindi ? { alternateName: hindi } : {}),
      image,
      description,
      sku: product._id,
      category: product.category.categoryName,
      url,
      offers: {
        '@type': 'Offer',
        url,
        price: product.rate.toFixed(2),
        priceCurrency: 'INR',
        availability: isInStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: product.rate.toFixed(2),
          priceCurrency: 'INR',
          referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitText: unit },
        },
      },
    },
  };
}

/**
 * The product pages' heads for the web app (registered in app.ts), made again on a cache miss from
 * the product as its answer is (`productWithStockNow`: the kept fields, the stock read again).
 * A save of the shop's profile drops the kept pages too, so a new name reaches their titles.
 */
export function productPageHeads(
  reads: catalog.CatalogStore['reads'],
  cache: ResponseCache,
  publicUrl: string,
  shopName: () => Promise<string>,
): PageHeads {
  return {
    route: '/product/:id',
    read: catalogCache.reads.productPage,
    head: async (id) =>
      productPageHead(
        await catalog.productWithStockNow(reads, cache, parseId(id, 'Product')),
        publicUrl,
        await shopName(),
      ),
  };
}
