/** A smart folder's name limit, for the pane's form without the validation library. */
export const MAX_SMART_FOLDER_NAME = 100;
