import { describe, expect, it } from 'vitest';
import { maskContacts } from './mask.ts';

describe('maskContacts', () => {
  it.each([
    // phone numbers, with separators of every kind
    ['+91 98765-43210', '[hidden]'],
    ['(987) 654 3210', '[hidden]'],
    ['09876543210', '[hidden]'],
    ['call 98765 / 43210 after 6', 'call [hidden] after 6'],
    ['98765-43210', '[hidden]'],
    ['98.765.432.10', '[hidden]'],
    ['9 8 7 6 5 4 3 2 1 0', '[hidden]'],
    ['919876543210', '[hidden]'],
    ['landline 0471-2345678', 'landline [hidden]'],
    ['size 42, 98765 43210', 'size 42, [hidden]'],
    ['call9876543210', 'call[hidden]'],
    // other scripts' digits
    ['नंबर ९८७६५ ४३२१० है', 'नंबर [hidden] है'],
    ['number ９８７６５４３２１０ ok', 'number [hidden] ok'],
    ['mix 98765 ४३२१०', 'mix [hidden]'],
    // digits written as words
    ['nine eight seven six five four three two one zero', '[hidden]'],
    ['Nine Eight Seven Six Five Four Three, thanks', '[hidden], thanks'],
    ['98765 four three two one zero', '[hidden]'],
    ['nine double eight seven six five four three two one', '[hidden]'],
    ['नौ आठ सात छह पांच चार तीन दो एक शून्य', '[hidden]'],
    ['mera number nau aath saat chhe paanch char teen hai', 'mera number [hidden] hai'],
    // e-mails, written out too
    ['mail asha@example.com', 'mail [hidden]'],
    ['asha at gmail dot com', '[hidden]'],
    ['asha [at] gmail [dot] com', '[hidden]'],
    ['asha(at)yahoo(dot)co(dot)in please', '[hidden] please'],
    ['asha at gmail', '[hidden]'],
    ['asha＠gmail．com', '[hidden]'],
    // UPI ids and handles
    ['pay to asha@okaxis', 'pay to [hidden]'],
    ['9876543210@ybl', '[hidden]'],
    ['asha.rao@paytm', '[hidden]'],
    ['upi: asha at okaxis', 'upi: [hidden]'],
    ['insta @asha_sarees', 'insta [hidden]'],
    // links
    ['https://wa.me/919876543210', '[hidden]'],
    ['see www.myshop.in', 'see [hidden]'],
  ])('hides the contact in “%s”', (input, output) => {
    expect(maskContacts(input)).toBe(output);
  });

  it.each([
    'price ₹2,400, size 42, order SW0012, 3 pieces',
    'price 1500, size 42, 3 pieces',
    'order SW1234 for 2 sarees',
    'sizes 38 40 42 44 46 available',
    'two sarees for ₹4,800 and one dupatta for ₹1,200',
    'delivery on 12/05/2026 by 10:30',
    'I can do it at 5 pm, it is 2 @ ₹500 each',
    'meet at the shop at noon',
    'दो साड़ी ₹२४०० में',
    'The saree is 5.5 m long and 1.1 m wide',
    'AWB 1234567890123 is with the courier',
    'someone bought ten of these',
  ])('leaves “%s” as it is', (input) => {
    expect(maskContacts(input)).toBe(input);
  });

  it('leaves the rest of the text exactly as written, other scripts included', () => {
    expect(maskContacts('कीमत ₹२४०० — call ९८७६५ ४३२१० ok')).toBe('कीमत ₹२४०० — call [hidden] ok');
  });
});
