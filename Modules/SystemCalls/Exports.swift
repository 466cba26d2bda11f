// A target that calls into the system also uses the floor's values (Foundation's types, CFormat): one import
// gives it both.
@_exported import Platform
