// Fuzz round 9 (helper "fuzz"): what uri-grammar/security got wrong on hostile input. Each case
// failed before its fix.
import { AddressError, classifyAddress, classifyHost } from "../../src/security";

describe("classifyAddress reads an IPv6 address with a dotted IPv4 tail as RFC 4291 §2.2 writes it", () => {
  // ipaddr.js reads "::a.b.c.d" as "::ffff:a.b.c.d", so "::0.0.0.1" (which is ::1) was "unspecified"
  // and "::1.2.3.4" an IPv4-mapped address; classifyHost, through the URL Standard's IPv6 parser, was right
  it.each([
    ["::0.0.0.1", "loopback", "::1", undefined],
    ["::0.0.0.0", "unspecified", "::", undefined],
    ["::1.2.3.4", "public", "1.2.3.4", "ipv4-compatible"],
    ["::10.0.0.1", "private", "10.0.0.1", "ipv4-compatible"],
    ["0:0:0:0:0:0:127.0.0.1", "loopback", "127.0.0.1", "ipv4-compatible"],
    ["::ffff:127.0.0.1", "loopback", "127.0.0.1", "ipv4-mapped"],
  ])("%s is %s (%s), as classifyHost reads it", (address, kind, inner, embedded) => {
    const r = classifyAddress(address);
    expect(r.ok && [r.value.kind, r.value.address, r.value.embedded, r.value.host]).toEqual([kind, inner, embedded, address]);
    const h = classifyHost(`[${address}]`);
    expect(h.ok && [h.value.kind, h.value.address, h.value.embedded]).toEqual([kind, inner, embedded]);
  });

  // a dotted tail with a leading zero or a hexadecimal part is no RFC 4291 text form (nor inet_pton's,
  // nor the URL Standard's): ipaddr.js read "::ffff:0177.0.0.1" as 177.0.0.1, "public", where a reader
  // of octal sees 127.0.0.1; the plain IPv4 form "0177.0.0.1" is refused already
  it.each(["::ffff:0177.0.0.1", "::ffff:0127.0.0.1", "::ffff:010.0.0.1", "::ffff:0x7f.0.0.1", "::ffff:127.000.000.001", "::01.2.3.4", "fe80::0177.0.0.1%eth0"])(
    "%s is an AddressError, as 0177.0.0.1 is",
    (address) => {
      const r = classifyAddress(address);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toBeInstanceOf(AddressError);
      expect(classifyHost(`[${address.replace(/%.*/, "")}]`).ok).toBe(false);
    },
  );
});
