import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Transaction } from '../../../common/payments.ts';
import { LINKS } from '../../../common/routes.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatDay, formatMoney } from '../../lib/money.ts';
import { useScreenMeta } from '../../lib/page-meta.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { useTransactions } from './history-api.ts';
import { formatPeriod, hasReceipt, pageCount, pageFrom, paidWith, purchaseTarget, statusTone } from './purchase-view.ts';
import './purchase-history.css';

/**
 * /{locale}/user/purchase-history (spec: accounts §2 "purchase history table", §3 "Transaction",
 * §6: not for a client): every purchase, newest first, 12 a page, with its receipt once paid.
 * A table on wide screens, one card per purchase on phones.
 */
export function PurchaseHistoryPage() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const [search, setSearch] = useSearchParams();
  const page = pageFrom(search.get('page'));
  const history = useTransactions(page);
  useScreenMeta(t('purchaseHistory.title'));

  const goTo = (next: number) => setSearch(next === 1 ? {} : { page: String(next) });
  let body;
  if (history.error instanceof ApiError && history.error.status === 403) {
    body = (
      <p className="purchase-history__message" data-testid="purchase-history-unavailable">
        {t('purchaseHistory.notAvailable')}
      </p>
    );
  } else if (history.isError && !history.data) {
    body = (
      <div className="purchase-history__message" role="alert" data-testid="purchase-history-error">
        <p>{t('purchaseHistory.error')}</p>
        <Button variant="secondary" size="small" onClick={() => void history.refetch()}>
          {t('purchaseHistory.retry')}
        </Button>
      </div>
    );
  } else if (!history.data) {
    body = <LoadingFallback label={t('common.loading')} />;
  } else if (history.data.total === 0) {
    body = (
      <div className="purchase-history__message" data-testid="purchase-history-empty">
        <p>{t('purchaseHistory.empty.text')}</p>
        <Link className={buttonClass()} to={`/${locale}${LINKS.plans}`}>
          {t('purchaseHistory.empty.action')}
        </Link>
      </div>
    );
  } else {
    const pages = pageCount(history.data.total, history.data.per_page);
    body = (
      <>
        <PurchaseTable transactions={history.data.transactions} locale={locale} busy={history.isPlaceholderData} />
        {pages > 1 ? (
          <nav className="purchase-history__paging" aria-label={t('purchaseHistory.paging.label')} data-testid="purchase-history-paging">
            <Button variant="secondary" size="small" disabled={page <= 1} onClick={() => goTo(page - 1)} data-testid="previous-page">
              {t('purchaseHistory.paging.previous')}
            </Button>
            <span aria-live="polite">{t('purchaseHistory.paging.position', { page, pages })}</span>
            <Button variant="secondary" size="small" disabled={page >= pages} onClick={() => goTo(page + 1)} data-testid="next-page">
              {t('purchaseHistory.paging.next')}
            </Button>
          </nav>
        ) : null}
      </>
    );
  }

  return (
    <div className="page purchase-history" data-testid="purchase-history-page">
      <h1 className="purchase-history__title">{t('purchaseHistory.title')}</h1>
      {body}
    </div>
  );
}

function PurchaseTable({ transactions, locale, busy }: { transactions: Transaction[]; locale: string; busy: boolean }) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const columns = {
    status: t('purchaseHistory.columns.status'),
    date: t('purchaseHistory.columns.date'),
    period: t('purchaseHistory.columns.period'),
    item: t('purchaseHistory.columns.item'),
    paidWith: t('purchaseHistory.columns.paidWith'),
    amount: t('purchaseHistory.columns.amount'),
    receipt: t('purchaseHistory.columns.receipt'),
  };
  return (
    <table className="purchase-table" aria-busy={busy || undefined} data-testid="purchase-table">
      <thead>
        <tr>
          <th scope="col">{columns.status}</th>
          <th scope="col">{columns.date}</th>
          <th scope="col">{columns.item}</th>
          <th scope="col">{columns.period}</th>
          <th scope="col">{columns.paidWith}</th>
          <th scope="col" className="purchase-table__amount">
            {columns.amount}
          </th>
          <th scope="col">
            <span className="visually-hidden">{columns.receipt}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {transactions.map((transaction) => {
          const target = purchaseTarget(transaction);
          const card = paidWith(transaction);
          const period = formatPeriod(transaction.period_start, transaction.period_end, locale);
          return (
            <tr key={transaction.id} data-testid={`purchase-${transaction.id}`} data-status={transaction.status}>
              <td data-label={columns.status}>
                <span className="purchase-status" data-tone={statusTone(transaction.status)} data-testid="purchase-status">
                  {t(`purchaseHistory.statuses.${transaction.status}`)}
                </span>
              </td>
              <td data-label={columns.date}>
                <time dateTime={transaction.date}>{formatDay(transaction.date, locale, timeZone)}</time>
              </td>
              <td data-label={columns.item} className="purchase-table__item">
                {/* The line as invoiced, in the language it was invoiced in. */}
                {target ? (
                  <Link to={`/${locale}${target}`} dir="auto" data-testid="purchase-item">
                    {transaction.description}
                  </Link>
                ) : (
                  <span dir="auto" data-testid="purchase-item">
                    {transaction.description}
                  </span>
                )}
              </td>
              <td data-label={columns.period}>{period ?? '—'}</td>
              <td data-label={columns.paidWith}>
                {/* Card digits read left to right in every language. */}
                {card ? (
                  <span dir="ltr" className="purchase-table__card" data-testid="purchase-card">
                    {card}
                  </span>
                ) : (
                  '—'
                )}
              </td>
              <td data-label={columns.amount} className="purchase-table__amount" data-testid="purchase-amount">
                {formatMoney(transaction.amount_cents, transaction.currency, locale)}
              </td>
              <td className="purchase-table__receipt">
                {hasReceipt(transaction) ? (
                  <Link
                    to={`/${locale}${LINKS.purchaseHistory}/${transaction.id}`}
                    aria-label={t('purchaseHistory.receiptOf', { number: transaction.receipt_number })}
                    data-testid="purchase-receipt"
                  >
                    {t('purchaseHistory.receiptLink')}
                  </Link>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
