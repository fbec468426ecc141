/**
 * The most common passwords of public breach corpora: a curated list (the heads of SecLists'
 * `10-million-password-list-top-1000`, the NCSC "100k most common" list and yearly "worst passwords" lists,
 * written from those lists by hand; no network was available to fetch them whole). Compared lower-cased.
 * A deployment wanting the full corpus enables the HIBP range API (AUTH_HIBP_ENABLED).
 */
export const COMMON_PASSWORDS: readonly string[] = [
  '123456', 'password', '123456789', '12345678', '12345', 'qwerty', '1234567', '111111', '1234567890', '123123', 'abc123', '1234',
  'password1', 'iloveyou', '1q2w3e4r', '000000', 'qwerty123', 'zaq12wsx', 'dragon', 'sunshine', 'princess', 'letmein', '654321', 'monkey',
  '27653', '1qaz2wsx', '123321', 'qwertyuiop', 'superman', 'asdfghjkl', 'football', 'baseball', 'welcome', 'master', 'shadow', 'michael',
  'jennifer', '666666', 'jordan23', 'harley', 'hunter', 'trustno1', 'ranger', 'buster', 'thomas', 'tigger', 'robert', 'soccer',
  'batman', 'test', 'pass', 'killer', 'hockey', 'george', 'charlie', 'andrew', 'michelle', 'love', 'jessica', 'asshole',
  '2000', 'pepper', 'daniel', 'access', 'joshua', 'maggie', 'starwars', 'silver', 'william', 'dallas', 'yankees', '123123123',
  'ashley', 'hello', 'amanda', 'orange', 'biteme', 'freedom', 'computer', 'sexy', 'thunder', 'nicole', 'ginger', 'heather',
  'hammer', 'summer', 'corvette', 'taylor', 'fuckme', 'austin', 'merlin', 'matthew', '121212', 'golfer', 'cheese', 'princess1',
  'martin', 'chelsea', 'patrick', 'richard', 'diamond', 'yellow', 'bigdog', 'secret', 'asdfgh', 'sparky', 'cowboy', 'camaro',
  'anthony', 'matrix', 'falcon', 'iloveyou1', 'bailey', 'guitar', 'jackson', 'purple', 'scooter', 'phoenix', 'aaaaaa', 'morgan',
  'tigers', 'porsche', 'mickey', 'maverick', 'cookie', 'nascar', 'peanut', 'justin', '131313', 'money', 'horny', 'samantha',
  'panties', 'steelers', 'joseph', 'snoopy', 'boomer', 'whatever', 'iceman', 'smokey', 'gateway', 'dakota', 'cowboys', 'eagles',
  'chicken', 'black', 'zxcvbn', 'please', 'andrea', 'ferrari', 'knight', 'hardcore', 'melissa', 'compaq', 'coffee', 'booboo',
  'johnny', 'bulldog', 'xxxxxx', 'welcome1', '1111', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'password123', 'password12', 'password!', 'qwerty1',
  'qwerty12', 'abcd1234', 'abcdef', 'admin', 'admin123', 'administrator', 'root', 'toor', 'changeme', 'letmein1', 'login', 'guest',
  'default', '112233', '987654321', '11111111', '88888888', '12341234', 'qazwsx', '1q2w3e', '123qwe', '123abc', 'a123456', 'abc12345',
  'q1w2e3r4', 'q1w2e3r4t5', '1qazxsw2', 'zxcvbnm', 'asdf1234', 'asdfasdf', '159753', '147258369', '7777777', '555555', '222222', '696969',
  '777777', '888888', '999999', '11111', '00000000', 'iloveu', 'lovely', 'loveme', 'babygirl', 'flower', 'hottie', 'angel',
  'angels', 'friends', 'family', 'forever', 'football1', 'baseball1', 'soccer1', 'monkey1', 'dragon1', 'master1', 'shadow1', 'sunshine1',
  'superman1', 'batman1', 'michael1', 'charlie1', 'jordan', 'samsung', 'apple', 'google', 'facebook', 'linkedin', 'twitter', 'pokemon',
  'minecraft', 'naruto', 'liverpool', 'arsenal', 'chelsea1', 'barcelona', 'realmadrid', 'spiderman', 'starwars1', 'qwertyu', 'qwer1234', '1234qwer',
  '1qaz!qaz', 'winter', 'summer1', 'spring', 'autumn', 'monday', 'august', 'september', 'october', 'november', 'december', 'january',
  'february', 'welcome123', 'test123', 'test1234', 'testing', 'demo', 'user', 'user123', 'secret123', 'hello123', 'mypassword', 'mustang',
  'access14', 'letmein123', 'trustno12',
];
