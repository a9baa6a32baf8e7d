/** The site header (its parts live beside this file). */
export { Header } from './header';
