import { ProjectCreate } from './ProjectCreate';
import { ProjectEdit } from './ProjectEdit';
import { ProjectLog } from './ProjectLog';

/** The projects slice: a project's form and its log; the table of a company's projects is on the company page. */
export default { edit: ProjectEdit, create: ProjectCreate, log: ProjectLog };
