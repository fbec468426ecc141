/** PHC strings made by the previous hasher (hash-wasm's argon2id, 19 MiB, t=2, p=1, 32-byte hash, 16-byte salt): stored hashes must keep verifying. */
export const HASH_WASM_PHC: readonly { password: string; hash: string }[] = [
  {
    password: 'correct horse battery staple',
    hash: '$argon2id$v=19$m=19456,t=2,p=1$sR2ZieYw3gbqm7az/LGwxA$D3CdaA8VwSQJP82aIFB/F0vvEwnlqI0zjpmOtdxd9uc',
  },
  {
    password: 'pässwörd-ünïcode-✓',
    hash: '$argon2id$v=19$m=19456,t=2,p=1$Gs57QrCU4qzahq3vEyB3pg$Ofba7ziPqHqcl07EMGfq5if36Gkwnnq20WM2S4M+JEY',
  },
  {
    password: 'short1!',
    hash: '$argon2id$v=19$m=19456,t=2,p=1$60koQ5VujG0k8n/ZChMb3g$bmrTu52KDYAI/w0z/V09Wo3PFmQdigbWsi3XVlZEu7A',
  },
  {
    password: ' spaces  inside ',
    hash: '$argon2id$v=19$m=19456,t=2,p=1$JfK46r+PIY7MA84Q1ljVWQ$EbjvpT8SicI+/4VQbAIeoTE4+pnPWHrHE3z7HAdbn8E',
  },
  {
    password:
      'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    hash: '$argon2id$v=19$m=19456,t=2,p=1$6mxx2sKrBB6NzjEzDhs52Q$TOqSCTmBdb+XMwAHqQATc8+DqQuTecyK1MP43mZ6HUc',
  },
];
