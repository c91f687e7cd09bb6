import Vapor

extension PageRoutes {
    /// Setting up, signing in and out, joining, password links: anyone.
    func accounts() {
        // Anyone: setting up, signing in and out, joining. Home sends a new hub to set-up, anyone else to sign in.
        let auth = AuthWebController()
        web.get(.home, use: HomeWebController().home)
        web.get(.setup, use: auth.setupForm)
        web.post(.setup, use: auth.setup)
        web.get(.login, use: auth.loginForm)
        web.post(.login, use: auth.login)
        web.post(.logout, use: auth.logout)
        web.get(.register, use: auth.registerForm)
        web.post(.register, use: auth.register)
        web.get(.invite(.key), use: auth.inviteForm)
        web.post(.invite(.key), use: auth.acceptInvite)
        // Password links: an owner's or an import's for members without one, and the reset links anyone may ask for
        // (the same answer whether or not an account uses the address; counted per address and per client).
        let passwordLinks = PasswordLinkWebController()
        web.get(.passwordLink(.key), use: passwordLinks.form)
        web.post(.passwordLink(.key), use: passwordLinks.set)
        let forgotPassword = PasswordForgotWebController()
        web.get(.passwordForgot, use: forgotPassword.new)
        web.post(.passwordForgot, use: forgotPassword.create)
    }
}
