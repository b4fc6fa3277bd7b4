import { ticketFormMessages, truckDispatchMessages } from '@portal/domain';

// The driver's Truck Dispatch page, opened from the ticket's link without signing in.
export const dispatchWords = {
  title: 'Truck Dispatch',
  dispatch: 'Dispatch',
  dispatching: 'Dispatching...',
  enRoute: 'Truck en Route',
  invalidLinkTitle: 'This link is not valid',
  invalidLink: 'This dispatch link is wrong or no longer works. Ask the office for a new link.',
  receivedTitle: 'Already received',
  received: 'This ticket has already been received at the site: it can no longer be dispatched.',
  // The server's own text, so the page and a refused POST say the same.
  externalLoad: truckDispatchMessages.externalLoad,
  // D22: one tap sets time loaded.
  timeLoadedChoices: 'Set time loaded',
  now: 'Now',
  minutesAgo: '%{minutes} min ago',
  // Issue 32: the page lists no companies; a name the office has not registered is kept for it.
  companyHint: 'As on your truck or invoice',
  companyNotRegistered: 'The office will add %{name} to its haulage companies.',
  plateSetByOffice: 'Set by the office',
  driverNumberHint: 'Left blank, the number the office has is kept',
  // The dispatch form's texts: the domain's, which the server sends too.
  validation: {
    timeLoadedRequired: ticketFormMessages.timeLoadedRequired,
    haulageCompanyRequired: truckDispatchMessages.haulageCompanyRequired,
    driverNameRequired: ticketFormMessages.driverNameRequired,
    licensePlateRequired: ticketFormMessages.licensePlateRequired,
    licensePlateTooLong: ticketFormMessages.licensePlateTooLong,
  },
  // Send to driver (issue 34, item 1): the office hands the driver this page's link.
  sendToDriver: {
    open: 'Send to driver',
    title: 'Send to driver: ticket %{number}',
    explained:
      'The driver opens this link on a phone to say which truck carries the load. Show the QR code to scan, or send the link.',
    qr: 'Dispatch link of ticket %{number}',
    qrCaption: "Scan with the driver's phone camera",
    link: 'Dispatch link',
    copyLink: 'Copy link',
    smsText: 'Text for an SMS',
    copySmsText: 'Copy text',
    copied: 'Copied',
    copyFailed: 'Could not copy: select the text and copy it by hand.',
    email: "Driver's e-mail",
    sendEmail: 'Send e-mail',
    emailSent: 'The link is on its way to %{to}.',
  },
};
