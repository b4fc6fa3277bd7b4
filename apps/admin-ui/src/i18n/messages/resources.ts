/**
 * What react-admin says after a record's create, edit or delete (`resources.{name}.notifications`), in
 * place of its generic 'Element created', and what an empty table of them says (issue 15, item 12).
 */
const recordWords = (noun: string, plural: string) => ({
  notifications: {
    created: `${noun} saved`,
    updated: `${noun} saved`,
    deleted: `${noun} deleted |||| %{smart_count} ${plural} deleted`,
  },
  /** An empty table's words (in place of 'No Contractor contacts found'). */
  empty: `No ${plural} yet.`,
});

export const resourceWords = {
  users: {
    ...recordWords('User', 'users'),
    name: 'User |||| Users',
    fields: {
      id: 'ID',
      username: 'Username',
      password: 'Password',
      role: 'Role',
      roleId: 'Role',
      firstName: 'First name',
      lastName: 'Last name',
      phoneNumber: 'Phone',
    },
  },
  contractorCompanies: {
    ...recordWords('Contractor', 'contractors'),
    name: 'Contractor company |||| Contractor companies',
    fields: { id: 'ID', name: 'Name' },
  },
  contractorContacts: {
    ...recordWords('Contact', 'contacts'),
    name: 'Contractor contact |||| Contractor contacts',
    fields: {
      id: 'ID',
      contractorCompanyName: 'Company',
      name: 'Name',
      number: 'Number',
      email: 'Email',
      isOfficeContact: 'Office contact',
      isSiteContact: 'Site contact',
    },
  },
  // The contractor company page's Projects table: its column names, word for word.
  projects: {
    ...recordWords('Project', 'projects'),
    name: 'Project |||| Projects',
    fields: {
      id: 'ID',
      projectId: 'Project ID',
      contractorCompanyId: 'Company',
      contractorCompanyName: 'Company',
      jobSite: 'Job Site',
      siteContactId: 'Site contact',
      siteContactName: 'Site Contact',
      siteContactNumber: 'Site Contact Number',
      officeContactId: 'Office contact',
      officeContactName: 'Office Contact',
      officeContactNumber: 'Office Contact Number',
      materialTypeId: 'Material type',
      materialTypeName: 'Material type',
      ticketsSold: 'Tickets Sold',
      approved: 'Approved',
      saltImpacted: 'Salt impacted',
      overThreshold: 'Over threshold',
      isSoilFLOProject: 'SoilFLO project',
      notes: 'Notes',
    },
  },
  transportCompanies: {
    ...recordWords('Haulage company', 'haulage companies'),
    name: 'Haulage company |||| Haulage companies',
    fields: { id: 'ID', name: 'Name', truckCount: 'Trucks' },
  },
  transportContacts: {
    ...recordWords('Contact', 'contacts'),
    name: 'Transport contact |||| Transport contacts',
    fields: { id: 'ID', transportCompanyName: 'Company', name: 'Name', number: 'Number' },
  },
  // The transport company page's Trucks table: its column names, word for word.
  trucks: {
    ...recordWords('Truck', 'trucks'),
    name: 'Truck |||| Trucks',
    fields: {
      id: 'ID',
      transportCompanyName: 'Company',
      driverName: 'Driver',
      driverNumber: 'Phone Number',
      number: 'Truck Number',
      licensePlate: 'License Plate',
      tareWeight: 'Tare Weight',
    },
  },
  materials: {
    ...recordWords('Material', 'materials'),
    name: 'Material |||| Materials',
    fields: { id: 'ID', name: 'Name' },
  },
  materialTypes: {
    ...recordWords('Material type', 'material types'),
    name: 'Material type |||| Material types',
    fields: { id: 'ID', name: 'Name' },
  },
  scales: {
    ...recordWords('Scale', 'scales'),
    name: 'Scale |||| Scales',
    fields: {
      id: 'ID',
      scaleName: 'Scale name',
      minimumWeightDivisions: 'Minimum weight (divisions)',
      returnToZeroRequired: 'Require a return to zero between trucks',
      capacityKg: 'Capacity (KG)',
    },
  },
  settings: {
    name: 'Settings',
    fields: {
      currentPrefix: 'Current prefix',
      defaultTareWeight: 'Default tare weight',
      displayUnit: 'Weight unit (display, print and export)',
      haulageRecordReceiverName: 'Haulage record receiver name',
      haulageRecordReceiverPhone: 'Haulage record receiver phone',
      haulageRecordReceiverEmail: 'Haulage record receiver e-mail',
      receivingSiteName: 'Receiving site name (printed records)',
      receivingSiteAddress: 'Receiving site address (printed records)',
      soilQualityStatement: 'Soil-quality statement (haulage record)',
      retareEveryDays: 'Re-tare every (days)',
      maximumWeightKg: 'Maximum weight',
      hashQrAboveTicketId: 'Hash link in QR codes above ticket id',
    },
  },
};
