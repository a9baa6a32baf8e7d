/** Web test helpers: the one fetch stub, the render wrappers and sample records. */
export { type Call, type Handler, type JsonAnswer, pathnameOf, stubFetch } from './fetch-stub';
export { order, orderLine, product, shopProfile, shopper } from './fixtures';
export { renderAdmin, renderAt, renderRoute, renderRoutes, renderWithShop } from './render';
