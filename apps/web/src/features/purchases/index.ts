/** What other features may use of the purchases feature (decision 0035): the write-off of a product's row and its cost note. Its pages load lazily from the routers. */
export { CostRateNote, WriteOffButton } from './components/write-off-button';
