/** What other features may use of the complaints feature (decision 0030): its texts. Its pages load lazily from the routers. */
export { complaintsTexts } from './complaints.texts';
