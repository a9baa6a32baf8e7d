/**
 * The admin frame's shared pieces for other features' admin screens (the Delivery section): page
 * header, tables, row actions and the timed messages, so every admin screen looks and speaks alike.
 */
export { FormMessages, TableMessages, useActionMessages, useConfirmedDelete } from './components/action-messages';
export { AdminPageHeader } from './components/admin-page-header';
export {
  AdminTable,
  cellClass,
  DeleteButton,
  EditLabel,
  editLinkClass,
  QueryRows,
  RowActions,
  TableNotice,
} from './components/admin-table';
