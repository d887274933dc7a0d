import { errorText } from '../../lib/api';
import { toast } from '../../lib/toast-store';

/** The company screen's failure toast: titled Error, what failed and what the server said. */
export const failureToast = (text: string) => (error: unknown) =>
  toast({ title: 'Error', description: `${text}: ${errorText(error)}`, variant: 'destructive' });

export const successToast = (title: string) => toast({ title, variant: 'success' });
