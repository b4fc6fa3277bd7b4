import { ProjectLog } from './ProjectLog';
import { projectScreens } from './ProjectScreens';

/** The projects slice: a project's form and its log; the table of a company's projects is on the company page. */
export default { ...projectScreens, log: ProjectLog };
