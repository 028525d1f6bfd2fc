//! Renders reference docs from option declarations (being built).
