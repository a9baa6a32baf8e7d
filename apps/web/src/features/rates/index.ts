/** What other features may use of the rates feature (decision 0036): its texts. Its pages load lazily from the routers. */
export { ratesTexts } from './rates.texts';
