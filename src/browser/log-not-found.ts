// The spec asks for the attempted path in the console, which helps whoever debugs a broken link.
console.error('404 Error: User attempted to access non-existent route:', window.location.pathname);
