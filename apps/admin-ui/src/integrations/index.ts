import WebhookIcon from '@mui/icons-material/Webhook';
import { IntegrationsPage } from './IntegrationsPage';
import { WebhookDeliveriesPage } from './WebhookDeliveriesPage';

/** Settings → Integrations, for administrators: /integrations and /integrations/{id}/deliveries. */
export default { page: IntegrationsPage, deliveries: WebhookDeliveriesPage, icon: WebhookIcon };
