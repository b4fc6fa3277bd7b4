import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { createPortal } from 'react-dom';

const appBarTitleId = 'react-admin-title';

/**
 * The screen's title, shown in the app bar (react-admin's TitlePortal holds the spot). react-admin's own
 * <Title> is user-configurable, and brings its preferences editor and every MUI text field into the first
 * load of every screen, although the portal never offers that editor.
 */
export const PageTitle = ({ title }: { title: string }) => {
  const translate = useTranslate();
  const [appBarTitle, setAppBarTitle] = useState(() => document.getElementById(appBarTitleId));
  // On the first render after login the app bar may not be in the page yet.
  useEffect(() => {
    if (!appBarTitle?.isConnected) setAppBarTitle(document.getElementById(appBarTitleId));
  }, [appBarTitle]);
  return appBarTitle ? createPortal(<span>{translate(title, { _: title })}</span>, appBarTitle) : null;
};
