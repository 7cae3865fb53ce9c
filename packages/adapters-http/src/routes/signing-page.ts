import { agreementTextBlocks, type AgreementForm, type TextRun } from '@idv/core';

/** The hosted page's languages. */
export type PageLanguage = 'en' | 'tr';

const LABELS = {
  en: {
    heading: 'Sign the agreement',
    from: 'From',
    name: 'Your full name',
    nameHint: 'Typing your name signs the agreement.',
    nationalId: 'National ID number',
    consent: 'I have read the agreement above and I agree to it.',
    draw: 'Draw your signature (optional)',
    clear: 'Clear',
    submit: 'Sign',
    signedTitle: 'Signed',
    signed: 'Thank you. Your signature is recorded.',
    receipt: 'Receipt',
    problem: 'The agreement could not be signed',
    used: 'This link was already used, or a newer one replaced it. If you signed, nothing more is needed.',
    expired: 'This link has expired. Ask for a new one.',
    unknown: 'This link is not valid.',
    back: 'Check the form and try again.',
  },
  tr: {
    heading: 'Sözleşmeyi imzalayın',
    from: 'Gönderen',
    name: 'Adınız ve soyadınız',
    nameHint: 'Adınızı yazmanız sözleşmeyi imzalar.',
    nationalId: 'T.C. kimlik numarası',
    consent: 'Yukarıdaki sözleşmeyi okudum ve kabul ediyorum.',
    draw: 'İmzanızı çizin (isteğe bağlı)',
    clear: 'Temizle',
    submit: 'İmzala',
    signedTitle: 'İmzalandı',
    signed: 'Teşekkürler. İmzanız kaydedildi.',
    receipt: 'Makbuz',
    problem: 'Sözleşme imzalanamadı',
    used: 'Bu bağlantı zaten kullanıldı ya da yerine yenisi gönderildi. İmzaladıysanız başka bir şey gerekmez.',
    expired: 'Bu bağlantının süresi doldu. Yeni bir bağlantı isteyin.',
    unknown: 'Bu bağlantı geçerli değil.',
    back: 'Formu kontrol edip yeniden deneyin.',
  },
} as const;

/** The words of the page in one language. */
export const labelsOf = (language: PageLanguage) => LABELS[language];

/** Escapes text for HTML content and attribute values. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const runsHtml = (runs: readonly TextRun[]): string =>
  runs.map((run) => (run.bold ? `<strong>${escapeHtml(run.text)}</strong>` : escapeHtml(run.text))).join('');

const textHtml = (form: AgreementForm): string =>
  agreementTextBlocks(form.text, form.format)
    .map((block) =>
      block.kind === 'heading'
        ? `<h${block.level + 2}>${runsHtml(block.runs)}</h${block.level + 2}>`
        : block.kind === 'bullets'
          ? `<ul>${block.items.map((item) => `<li>${runsHtml(item)}</li>`).join('')}</ul>`
          : `<p>${runsHtml(block.runs).replaceAll('\n', '<br>')}</p>`,
    )
    .join('\n');

// High contrast (black on white, a dark blue focus ring), large targets, nothing from elsewhere.
const STYLE = `body{font:18px/1.5 system-ui,sans-serif;color:#111;background:#fff;max-width:40rem;margin:0 auto;padding:1rem}
.doc{border:1px solid #555;padding:0 1rem;margin:1rem 0}label{display:block;font-weight:600;margin-top:1rem}
input[type=text]{font:inherit;width:100%;padding:.5rem;border:2px solid #333;box-sizing:border-box}
.check{display:flex;gap:.5rem;align-items:flex-start;font-weight:400}.check input{width:1.5rem;height:1.5rem}
button{font:inherit;padding:.6rem 1.4rem;margin-top:1rem;background:#0b3d91;color:#fff;border:0}
button.secondary{background:#fff;color:#0b3d91;border:2px solid #0b3d91}
:focus-visible{outline:3px solid #0b3d91;outline-offset:2px}canvas{border:2px solid #333;touch-action:none;width:100%;height:10rem;background:#fff}
.error{border:2px solid #a00;color:#a00;padding:.5rem}[hidden]{display:none}`;

// With JavaScript: a canvas for a drawn signature, posted as a PNG data URL in `signatureImage`.
const SCRIPT = `(()=>{const box=document.getElementById('drawing');const c=document.getElementById('pad');const f=document.getElementById('signature');
const out=document.getElementById('signatureImage');const clear=document.getElementById('clear');if(!box||!c||!f||!out)return;box.hidden=false;
const x=c.getContext('2d');let drawing=false,drawn=false;const fit=()=>{c.width=c.clientWidth;c.height=c.clientHeight;x.lineWidth=2;x.lineCap='round';x.strokeStyle='#111'};fit();
const at=(e)=>{const r=c.getBoundingClientRect();return[e.clientX-r.left,e.clientY-r.top]};
c.addEventListener('pointerdown',(e)=>{drawing=true;drawn=true;c.setPointerCapture(e.pointerId);const[a,b]=at(e);x.beginPath();x.moveTo(a,b)});
c.addEventListener('pointermove',(e)=>{if(!drawing)return;const[a,b]=at(e);x.lineTo(a,b);x.stroke()});
c.addEventListener('pointerup',()=>{drawing=false});clear.addEventListener('click',()=>{x.clearRect(0,0,c.width,c.height);drawn=false});
f.addEventListener('submit',()=>{out.value=drawn?c.toDataURL('image/png'):''})})();`;

const page = (language: PageLanguage, nonce: string, title: string, body: string, script: boolean): string => `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head>
<body><main>${body}</main>${script ? `<script nonce="${nonce}">${SCRIPT}</script>` : ''}</body></html>`;

/** The signing page: the agreement and a form that works without JavaScript (a canvas when it runs). */
export const formPage = (form: AgreementForm, token: string, nonce: string, error: string | null = null): string => {
  const words = labelsOf(form.language);
  const body = `<h1>${words.heading}</h1>
<p>${words.from}: <strong>${escapeHtml(form.organizationName)}</strong></p>
${error === null ? '' : `<p class="error" role="alert">${escapeHtml(error)}</p>`}
<article class="doc" aria-labelledby="doc-title"><h2 id="doc-title">${escapeHtml(form.title)}</h2>${textHtml(form)}</article>
<form id="signature" method="post" action="/sign/${escapeHtml(token)}">
<input type="hidden" name="language" value="${form.language}"><input type="hidden" id="signatureImage" name="signatureImage" value="">
<label for="typedName">${words.name}</label>
<input type="text" id="typedName" name="typedName" required maxlength="200" autocomplete="name" aria-describedby="name-hint"${
    form.signer.name === null ? '' : ` value="${escapeHtml(form.signer.name)}"`
  }>
<p id="name-hint">${words.nameHint}</p>
${
  form.requiresNationalId
    ? `<label for="nationalId">${words.nationalId}</label><input type="text" id="nationalId" name="nationalId" required maxlength="32" autocomplete="off" inputmode="text">`
    : ''
}
<div id="drawing" hidden><label for="pad">${words.draw}</label><canvas id="pad" aria-label="${words.draw}"></canvas>
<button type="button" class="secondary" id="clear">${words.clear}</button></div>
<label class="check"><input type="checkbox" id="consent" name="consent" value="true" required><span>${words.consent}</span></label>
<button type="submit">${words.submit}</button></form>`;
  return page(form.language, nonce, `${form.title} — ${words.heading}`, body, true);
};

/** The confirmation, with the receipt id. */
export const signedPage = (language: PageLanguage, receiptId: string, nonce: string): string => {
  const words = labelsOf(language);
  return page(
    language,
    nonce,
    words.signedTitle,
    `<h1>${words.signedTitle}</h1><p role="status">${words.signed}</p><p>${words.receipt}: <strong id="receipt">${escapeHtml(receiptId)}</strong></p>`,
    false,
  );
};

/** A link that does not open (unknown, expired, used) or a refusal, in words. */
export const problemPage = (language: PageLanguage, message: string, nonce: string): string => {
  const words = labelsOf(language);
  return page(language, nonce, words.problem, `<h1>${words.problem}</h1><p role="alert">${escapeHtml(message)}</p>`, false);
};
