import { lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { Center } from '@mantine/core';
import { Route, Routes } from 'react-router-dom';
import type { ApiError } from './api/api-error';
import { closeLive } from './api/live';
import { forgetKey, storedKey, storeKey, type SessionInfo } from './api/session';
import { SessionContext } from './api/session-context';
import { fetchSession } from './api/session-request';
import { Loading } from './components/PageFrame';
import { Shell } from './components/Shell';
import { SignIn } from './pages/SignIn';

// Each page's code loads when it is first visited.
const Overview = lazy(() => import('./pages/overview/OverviewPage'));
const Events = lazy(() => import('./pages/events/EventsPage'));
const Email = lazy(() => import('./pages/email/EmailPage'));
const EmailMessage = lazy(() => import('./pages/email/EmailMessagePage'));
const EmailTemplates = lazy(() => import('./pages/email/EmailTemplatesPage'));
const EmailTemplate = lazy(() => import('./pages/email/EmailTemplatePage'));
const Sms = lazy(() => import('./pages/sms/SmsPage'));
const SmsMessage = lazy(() => import('./pages/sms/SmsMessagePage'));
const EmailSuppressions = lazy(() => import('./pages/email/EmailSuppressionsPage'));
const EmailStats = lazy(() => import('./pages/email/EmailStatsPage'));
const SmsTemplates = lazy(() => import('./pages/sms/SmsTemplatesPage'));
const SmsTemplate = lazy(() => import('./pages/sms/SmsTemplatePage'));
const SmsOptOuts = lazy(() => import('./pages/sms/SmsOptOutsPage'));
const SmsStats = lazy(() => import('./pages/sms/SmsStatsPage'));
const Forms = lazy(() => import('./pages/forms/FormsPage'));
const Form = lazy(() => import('./pages/forms/FormPage'));
const Crm = lazy(() => import('./pages/crm/CrmPage'));
const Contact = lazy(() => import('./pages/crm/ContactPage'));
const CrmCompanies = lazy(() => import('./pages/crm/CompaniesPage'));
const CrmCompany = lazy(() => import('./pages/crm/CompanyPage'));
const CrmLists = lazy(() => import('./pages/crm/ListsPage'));
const CrmList = lazy(() => import('./pages/crm/ListPage'));
const Calendar = lazy(() => import('./pages/calendar/CalendarPage'));
const CalendarWeek = lazy(() => import('./pages/calendar/CalendarWeekPage'));
const Booking = lazy(() => import('./pages/calendar/BookingPage'));
const CalendarSchedules = lazy(() => import('./pages/calendar/SchedulesPage'));
const CalendarSchedule = lazy(() => import('./pages/calendar/SchedulePage'));
const Support = lazy(() => import('./pages/support/SupportPage'));
const Domains = lazy(() => import('./pages/domains/DomainsPage'));
const Domain = lazy(() => import('./pages/domains/DomainPage'));
const DomainTransfers = lazy(() => import('./pages/domains/DomainTransfersPage'));
const Mailboxes = lazy(() => import('./pages/mailboxes/MailboxesPage'));
const Mailbox = lazy(() => import('./pages/mailboxes/MailboxPage'));
const MailboxMessage = lazy(() => import('./pages/mailboxes/MailboxMessagePage'));
const MailboxThread = lazy(() => import('./pages/mailboxes/MailboxThreadPage'));
const AiGateway = lazy(() => import('./pages/ai/AiGatewayPage'));
const AiUsage = lazy(() => import('./pages/ai/AiUsagePage'));
const Webhooks = lazy(() => import('./pages/webhooks/WebhooksPage'));
const Webhook = lazy(() => import('./pages/webhooks/WebhookPage'));
const Settings = lazy(() => import('./pages/settings/SettingsPage'));
const NotFound = lazy(() => import('./pages/NotFoundPage'));

type State =
  | { phase: 'checking' }
  | { phase: 'signed-out'; error: ApiError | null; busy: boolean }
  | { phase: 'signed-in'; session: SessionInfo };

export function App() {
  const [state, setState] = useState<State>(() =>
    storedKey() ? { phase: 'checking' } : { phase: 'signed-out', error: null, busy: false },
  );

  const signIn = useCallback(async (key: string) => {
    setState({ phase: 'signed-out', error: null, busy: true });
    try {
      const session = await fetchSession(key);
      storeKey(key);
      setState({ phase: 'signed-in', session });
    } catch (error) {
      forgetKey();
      setState({ phase: 'signed-out', error: error as ApiError, busy: false });
    }
  }, []);

  useEffect(() => {
    const key = storedKey();
    if (key && state.phase === 'checking') void signIn(key);
  }, [signIn, state.phase]);

  const signOut = useCallback(() => {
    forgetKey();
    closeLive();
    setState({ phase: 'signed-out', error: null, busy: false });
  }, []);

  const context = useMemo(
    () => (state.phase === 'signed-in' ? { session: state.session, signOut } : null),
    [state, signOut],
  );

  if (state.phase === 'checking')
    return (
      <Center mih="100vh">
        <Loading label="Checking the API key" />
      </Center>
    );
  if (state.phase === 'signed-out' || !context)
    return (
      <SignIn
        onSignIn={(key) => void signIn(key)}
        error={state.phase === 'signed-out' ? state.error : null}
        busy={state.phase === 'signed-out' && state.busy}
      />
    );
  return (
    <SessionContext.Provider value={context}>
      <Shell>
        <Routes>
          <Route path="/" element={<Overview />} />
          <Route path="/events" element={<Events />} />
          <Route path="/email" element={<Email />} />
          <Route path="/email/messages/:id" element={<EmailMessage />} />
          <Route path="/email/templates" element={<EmailTemplates />} />
          <Route path="/email/templates/:id" element={<EmailTemplate />} />
          <Route path="/sms" element={<Sms />} />
          <Route path="/sms/messages/:id" element={<SmsMessage />} />
          <Route path="/email/suppressions" element={<EmailSuppressions />} />
          <Route path="/email/stats" element={<EmailStats />} />
          <Route path="/sms/templates" element={<SmsTemplates />} />
          <Route path="/sms/templates/:alias" element={<SmsTemplate />} />
          <Route path="/sms/opt-outs" element={<SmsOptOuts />} />
          <Route path="/sms/stats" element={<SmsStats />} />
          <Route path="/forms" element={<Forms />} />
          <Route path="/forms/:formId" element={<Form />} />
          <Route path="/crm" element={<Crm />} />
          <Route path="/crm/contacts/:contactId" element={<Contact />} />
          <Route path="/crm/companies" element={<CrmCompanies />} />
          <Route path="/crm/companies/:companyId" element={<CrmCompany />} />
          <Route path="/crm/lists" element={<CrmLists />} />
          <Route path="/crm/lists/:listId" element={<CrmList />} />
          <Route path="/calendar" element={<Calendar />} />
          <Route path="/calendar/week/:week?" element={<CalendarWeek />} />
          <Route path="/calendar/bookings/:uid" element={<Booking />} />
          <Route path="/calendar/schedules" element={<CalendarSchedules />} />
          <Route path="/calendar/schedules/:id" element={<CalendarSchedule />} />
          <Route path="/support" element={<Support />} />
          <Route path="/support/conversations/:id" element={<Support />} />
          <Route path="/domains" element={<Domains />} />
          <Route path="/domains/transfers" element={<DomainTransfers />} />
          <Route path="/domains/:domainName" element={<Domain />} />
          <Route path="/mailboxes" element={<Mailboxes />} />
          <Route path="/mailboxes/:mailboxId" element={<Mailbox />} />
          <Route path="/mailboxes/:mailboxId/messages/:messageId" element={<MailboxMessage />} />
          <Route path="/mailboxes/:mailboxId/threads/:threadId" element={<MailboxThread />} />
          <Route path="/ai" element={<AiGateway />} />
          <Route path="/ai/usage" element={<AiUsage />} />
          <Route path="/webhooks" element={<Webhooks />} />
          <Route path="/webhooks/:endpointId" element={<Webhook />} />
          <Route path="/settings" element={<Settings />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Shell>
    </SessionContext.Provider>
  );
}
