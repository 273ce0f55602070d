/** Sentences for failures that never produced a server's own message. */
export const fallbackErrorMessage = 'Something went wrong. Please try again.';
export const networkErrorMessage = 'Cannot reach the server. Check your connection.';
