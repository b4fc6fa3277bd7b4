import AddIcon from '@mui/icons-material/Add';
import { Button } from 'react-admin';
import { Link } from 'react-router-dom';

/**
 * An Add link that stays where it is put. react-admin's CreateButton turns into a floating button at the
 * screen's corner on phones, so two of them on one page (a company's trucks and contacts, materials and
 * material types) would sit on top of each other.
 */
export const AddButton = ({ to, label }: { to: string; label: string }) => (
  <Button component={Link} to={to} label={label}>
    <AddIcon />
  </Button>
);
